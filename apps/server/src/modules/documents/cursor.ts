import { createHash } from 'node:crypto';
import { AppError } from '../../lib/errors.js';
import type { Scalar, SortKey } from './document-query.js';
import { localizedValue, type StoredData, type StoredDocument } from './stored-document.js';

const badCursor = () =>
  new AppError('VALIDATION_FAILED', 'cursor is invalid or belongs to another sort order', [
    { path: 'cursor', message: 'is invalid or belongs to another sort order' },
  ]);

/** Ties a cursor to its sort order, so it cannot be replayed with another one. */
const signature = (sort: readonly SortKey[]) =>
  createHash('sha256')
    .update(
      sort
        .map(
          ({ ref, descending }) =>
            `${descending ? '-' : ''}${ref.kind === 'column' ? ref.column : `${ref.field.name}.${ref.locale ?? ''}`}`,
        )
        .join(','),
    )
    .digest('base64url')
    .slice(0, 12);

const asScalar = (value: unknown): Scalar | null =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : null;

/** The sort values of a row, read from the copy the query sorted on (the snapshot, or the working copy). */
export function sortValues(sort: readonly SortKey[], document: StoredDocument, snapshot: boolean): (Scalar | null)[] {
  const stored: StoredData = snapshot ? (document.publishedData ?? {}) : document.data;
  return sort.map(({ ref }) => {
    if (ref.kind === 'column') {
      const columns = {
        id: document.id,
        created_at: document.createdAt,
        updated_at: snapshot ? document.publishedUpdatedAt : document.updatedAt,
        published_at: document.publishedAt,
      };
      return columns[ref.column];
    }
    return asScalar(
      ref.locale ? localizedValue(ref.field, stored, ref.locale, ref.fallback ?? ref.locale) : stored[ref.field.name],
    );
  });
}

/**
 * A checksum over the whole cursor, so an edited one is refused instead of silently starting
 * somewhere else (the values are bound parameters either way; this guards correctness, not SQL).
 */
const checksum = (content: unknown) =>
  createHash('sha256').update(JSON.stringify(content)).digest('base64url').slice(0, 16);

export function encodeCursor(sort: readonly SortKey[], values: readonly (Scalar | null)[], id: string): string {
  const content = [signature(sort), values, id];
  return Buffer.from(JSON.stringify([...content, checksum(content)])).toString('base64url');
}

export function decodeCursor(cursor: string, sort: readonly SortKey[]): { values: (Scalar | null)[]; id: string } {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(decoded) || decoded.length !== 4) throw badCursor();
    const [sig, values, id, sum] = decoded as [unknown, unknown, unknown, unknown];
    if (
      sig !== signature(sort) ||
      sum !== checksum([sig, values, id]) ||
      !Array.isArray(values) ||
      values.length !== sort.length ||
      typeof id !== 'string' ||
      // A forged cursor (the checksum only guards against edits) must not carry what no stored value holds.
      [id, ...values].some((value) => typeof value === 'string' && value.includes('\u0000'))
    ) {
      throw badCursor();
    }
    return { values: values.map(asScalar), id };
  } catch {
    throw badCursor();
  }
}
