import type { Document, DocumentStatus } from '@plinth/contract';
import { CircleCheck, CircleDashed, type LucideIcon, PenLine } from 'lucide-react';
import {
  DOCUMENT_STATUS_LABEL as LABEL,
  StatusBadge,
  DOCUMENT_STATUS_TONE as TONE,
} from '../../../components/document-status-badge';
import { Badge } from '../../../components/ui/badge';

/** Each status has its own shape too, so the compact badges do not rely on colour. */
const ICON: Record<DocumentStatus, LucideIcon> = { published: CircleCheck, changed: PenLine, draft: CircleDashed };

/** The key to the compact badges, shown once above the list. */
export function LocaleStatusLegend() {
  return (
    <span className="inline-flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-600 text-xs">
      {(['published', 'changed', 'draft'] as const).map((status) => {
        const Icon = ICON[status];
        return (
          <span key={status} className="inline-flex items-center gap-1">
            <Icon className={`size-3.5 ${ICON_TONE[status]}`} aria-hidden />
            {LABEL[status]}
          </span>
        );
      })}
    </span>
  );
}

const ICON_TONE: Record<DocumentStatus, string> = {
  published: 'text-emerald-700',
  changed: 'text-amber-600',
  draft: 'text-slate-500',
};

/**
 * Where a document stands in each project locale (`locale_status`): one compact badge per
 * locale (its code and the status's icon; the word in the tooltip and for screen readers). A
 * one-locale project shows the document's status as a word.
 */
export function LocaleStatus({
  document,
  locales,
  isTrash = false,
}: {
  document: Document;
  locales: readonly string[];
  isTrash?: boolean;
}) {
  if (isTrash) return <StatusBadge status="deleted" />;
  if (locales.length <= 1) return <StatusBadge status={document.status} />;
  return (
    <ul className="flex flex-nowrap gap-1" aria-label="Status by locale">
      {locales.map((locale) => {
        const status = document.locale_status?.[locale] ?? 'draft';
        const Icon = ICON[status];
        return (
          <li key={locale} title={`${locale}: ${LABEL[status]}`}>
            <Badge tone={TONE[status]}>
              <Icon className={`size-3.5 ${ICON_TONE[status]}`} aria-hidden />
              <span className="font-mono uppercase">{locale}</span>
              <span className="sr-only">{LABEL[status]}</span>
            </Badge>
          </li>
        );
      })}
    </ul>
  );
}
