import { MEDIA_KINDS, type MediaKind } from '@plinth/contract';
import { useSearchParams } from 'react-router';
import type { MediaListFilter } from '../api/get-media';

export type MediaView = 'grid' | 'list';

export interface MediaLibraryView extends MediaListFilter {
  view: MediaView;
  /** The asset whose details are open. */
  assetId: string | null;
}

const isKind = (value: string | null): value is MediaKind =>
  value !== null && (MEDIA_KINDS as readonly string[]).includes(value);

/**
 * The library's view, search, filters, page and open asset, kept in the URL
 * (`?view=list&q=logo&type=image&folder=blog&page=2&asset=…`): a reload or a shared link shows the same.
 */
export function useMediaParams() {
  const [params, setParams] = useSearchParams();
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const type = params.get('type');
  const state: MediaLibraryView = {
    view: params.get('view') === 'list' ? 'list' : 'grid',
    q: params.get('q') ?? '',
    type: isKind(type) ? type : null,
    folder: params.get('folder') || null,
    page: Number.isInteger(page) && page > 0 ? page : 1,
    assetId: params.get('asset') || null,
  };

  const update = (changes: Partial<MediaLibraryView>, options: { replace?: boolean } = {}) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        const set = (name: string, value: string | null) => (value ? next.set(name, value) : next.delete(name));
        if ('view' in changes) set('view', changes.view === 'list' ? 'list' : null);
        if ('q' in changes) set('q', changes.q?.trim() ? (changes.q ?? null) : null);
        if ('type' in changes) set('type', changes.type ?? null);
        if ('folder' in changes) set('folder', changes.folder ?? null);
        if ('assetId' in changes) set('asset', changes.assetId ?? null);
        // Another search or filter starts again from the first page.
        const isNewQuery = 'q' in changes || 'type' in changes || 'folder' in changes;
        if ('page' in changes || isNewQuery)
          set('page', changes.page && changes.page > 1 ? String(changes.page) : null);
        return next;
      },
      { replace: options.replace ?? true, preventScrollReset: true },
    );

  return { state, update };
}
