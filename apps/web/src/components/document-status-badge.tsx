import type { DocumentStatus } from '@plinth/contract';
import { Badge, type BadgeTone } from './ui/badge';

/** The badge tone of each status (the word is always there too). */
export const DOCUMENT_STATUS_TONE: Record<DocumentStatus | 'deleted', BadgeTone> = {
  published: 'success',
  changed: 'warning',
  draft: 'neutral',
  deleted: 'danger',
};

/** A document's status in words, as every list says it. */
export const DOCUMENT_STATUS_LABEL: Record<DocumentStatus | 'deleted', string> = {
  published: 'Published',
  changed: 'Changed',
  draft: 'Draft',
  deleted: 'In trash',
};

const DOT: Record<DocumentStatus | 'deleted', string> = {
  published: 'bg-emerald-600',
  changed: 'bg-amber-500',
  draft: 'bg-slate-400',
  deleted: 'bg-red-600',
};

/** A document's status (or the trash) as a badge: a word, a tone and a dot. */
export function StatusBadge({ status }: { status: DocumentStatus | 'deleted' }) {
  return (
    <Badge tone={DOCUMENT_STATUS_TONE[status]}>
      <span className={`size-1.5 rounded-full ${DOT[status]}`} aria-hidden />
      {DOCUMENT_STATUS_LABEL[status]}
    </Badge>
  );
}
