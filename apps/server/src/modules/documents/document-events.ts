import { isDeepStrictEqual } from 'node:util';
import type { WebhookEvent } from '@plinth/contract';
import type { Trx } from '../../db/repository.js';
import type { ChangeEvents } from '../../lib/change-events.js';
import { isLocaleMap } from '../collections/model.js';
import type { DocumentWrite } from './document-store.js';
import { presentDocument, type ReadOptions } from './stored-document.js';

/** Audit actions of the document writes and the event each one announces. */
const DOCUMENT_EVENTS: Record<string, WebhookEvent> = {
  'document.created': 'document.created',
  'document.updated': 'document.updated',
  'document.version_restored': 'document.updated',
  'document.restored': 'document.updated',
  'document.deleted': 'document.deleted',
  'document.published': 'document.published',
  'document.unpublished': 'document.unpublished',
};

/**
 * The document as a delivery reader sees it: never hidden fields, localized fields as
 * `{ locale: value }` maps. Publish events carry the published snapshot (for unpublish, the one
 * as it was before the change) and the locales concerned; the others carry the working copy.
 */
function documentPayload(event: WebhookEvent, write: DocumentWrite) {
  const options = (view: ReadOptions['view']): ReadOptions => ({
    view,
    locale: '*',
    defaultLocale: write.project.defaultLocale,
    locales: write.project.locales,
    includeHidden: false,
    fields: null,
  });
  // Publish events name the locales they concern: those of the request, else every one.
  const locales = write.locales ?? write.project.locales;
  if (event === 'document.published') {
    return { ...presentDocument(write.collection, write.after, options('published')), locales };
  }
  if (event === 'document.unpublished') {
    const before = write.before;
    const withdrawn = {
      ...write.after,
      publishedData: before?.publishedData ?? null,
      publishedVersion: before?.publishedVersion ?? null,
      publishedUpdatedAt: before?.publishedUpdatedAt ?? null,
      publishedUpdatedBy: before?.publishedUpdatedBy ?? null,
    };
    return {
      ...presentDocument(write.collection, withdrawn, options('published')),
      status: write.after.status,
      published_at: write.after.publishedAt,
      locale_status: presentDocument(write.collection, write.after, options('working')).locale_status,
      locales,
    };
  }
  return presentDocument(write.collection, write.after, options('working'));
}

/**
 * Announces the events of one document change, in its transaction. Creating a document as
 * published also announces `document.published`.
 */
export async function announceDocumentChange(trx: Trx, events: ChangeEvents, write: DocumentWrite): Promise<void> {
  const first = DOCUMENT_EVENTS[write.action];
  if (!first) return;
  const names: WebhookEvent[] = [first];
  if (write.action === 'document.created' && write.after.status === 'published') names.push('document.published');
  for (const event of names) {
    const payload = documentPayload(event, write);
    const publishedPayload = publishedReadersPayload(event, write, payload);
    await events.record(trx, {
      projectId: write.project.id,
      event,
      collection: write.collection.slug,
      payload: event === 'document.updated' ? { ...payload, changed_paths: changedPaths(write) } : payload,
      ...(publishedPayload !== undefined ? { publishedPayload } : {}),
    });
  }
}

/**
 * What readers of published content only may learn of a change: publish events (the snapshot
 * they now read, or no longer read), the deletion of a document they could read (its id), and a
 * restore that brings a snapshot back (that snapshot). Nothing of working copies.
 */
function publishedReadersPayload(event: WebhookEvent, write: DocumentWrite, payload: unknown): unknown {
  if (event === 'document.published' || event === 'document.unpublished') return payload;
  if (event === 'document.deleted' && write.before?.publishedData) {
    return { id: write.after.id, collection: write.collection.slug, status: 'deleted' };
  }
  if (write.action === 'document.restored' && write.after.publishedData) {
    return presentDocument(write.collection, write.after, {
      view: 'published',
      locale: '*',
      defaultLocale: write.project.defaultLocale,
      locales: write.project.locales,
      includeHidden: false,
      fields: null,
    });
  }
  return undefined;
}

/**
 * Where a save changed the working copy: `title.es` for a localized field's locale, `views` for
 * a shared field (hidden fields left out), so an editor open elsewhere can tell, field by field,
 * what someone else saved.
 */
function changedPaths(write: DocumentWrite): string[] {
  const before = write.before?.data ?? {};
  const after = write.after.data;
  const paths: string[] = [];
  for (const field of write.collection.fields) {
    if (field.hidden) continue;
    const [was, is] = [before[field.name], after[field.name]];
    if (field.localized && (isLocaleMap(was) || isLocaleMap(is))) {
      const old = isLocaleMap(was) ? was : {};
      const now = isLocaleMap(is) ? is : {};
      for (const locale of new Set([...Object.keys(old), ...Object.keys(now)])) {
        if (!isDeepStrictEqual(old[locale], now[locale])) paths.push(`${field.name}.${locale}`);
      }
    } else if (!isDeepStrictEqual(was, is)) {
      paths.push(field.name);
    }
  }
  return paths;
}
