import type { Collection, Field } from '@plinth/contract';
import { formatDateTime } from '../../../lib/format';
import { displayFieldOf } from '../fields';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A referenced document as a name: its display field once populated, else its id. */
function referenceText(value: unknown, target: Collection | undefined): string {
  if (typeof value === 'string') return value;
  if (!isRecord(value)) return '';
  const display = target ? displayFieldOf(target) : null;
  const data = isRecord(value.data) ? value.data : {};
  const name = display ? data[display] : undefined;
  return typeof name === 'string' && name ? name : String(value.id ?? '');
}

/** An asset by its file name once populated, else its id. */
function mediaText(value: unknown): string {
  if (typeof value === 'string') return value;
  return isRecord(value) ? String(value.filename ?? value.id ?? '') : '';
}

const stripTags = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** A field's value as one line of text for a list cell; empty when there is nothing to show. */
export function cellText(field: Field, value: unknown, collections: readonly Collection[]): string {
  if (value === null || value === undefined || value === '') return '';
  const many = Array.isArray(value) ? value : [value];
  switch (field.type) {
    case 'boolean':
      return value ? 'Yes' : 'No';
    case 'number':
    case 'integer':
      return typeof value === 'number' ? value.toLocaleString('en') : String(value);
    case 'datetime':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? formatDateTime(value) : String(value);
    case 'richtext':
      return typeof value === 'string' ? stripTags(value) : '';
    case 'reference': {
      const target = collections.find((item) => item.slug === field.options?.collection);
      return many
        .map((item) => referenceText(item, target))
        .filter(Boolean)
        .join(', ');
    }
    case 'media':
      return many.map(mediaText).filter(Boolean).join(', ');
    case 'blocks':
      return `${many.length} ${many.length === 1 ? 'block' : 'blocks'}`;
    case 'json':
      return JSON.stringify(value);
    case 'select':
      return many.map(String).join(', ');
    default:
      return typeof value === 'string' ? value : JSON.stringify(value);
  }
}

/** A cell of a field: the text on one line, cut with an ellipsis (the whole of it in the tooltip). */
export function CellValue({
  field,
  value,
  collections,
}: {
  field: Field;
  value: unknown;
  collections: readonly Collection[];
}) {
  const text = cellText(field, value, collections);
  if (!text) {
    return (
      <>
        <span aria-hidden className="text-slate-400">
          —
        </span>
        <span className="sr-only">empty</span>
      </>
    );
  }
  return (
    <span className={`block truncate ${field.type === 'slug' ? 'font-mono text-xs' : ''}`} title={text}>
      {text}
    </span>
  );
}
