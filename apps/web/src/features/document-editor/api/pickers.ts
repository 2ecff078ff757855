import type { Asset, Document } from '@plinth/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { editorDocumentKeys } from './document';

/** How many choices a picker shows at once; searching narrows them. */
const PICKER_LIMIT = 20;

const projectUrl = (projectId: string) => `/api/v1/projects/${encodeURIComponent(projectId)}`;

/** Documents of a collection to pick from (newest first), matching `q` when given. */
export function useDocumentChoices(projectId: string, collection: string, q: string, enabled: boolean) {
  return useQuery({
    queryKey: [...editorDocumentKeys.all(projectId), collection, 'choices', q] as const,
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ limit: String(PICKER_LIMIT), sort: '-updated_at' });
      if (q) query.set('q', q);
      return api.request<{ data: Document[] }>(
        `${projectUrl(projectId)}/collections/${encodeURIComponent(collection)}/documents?${query}`,
        { signal },
      );
    },
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The documents a reference field holds, to name them. */
export function useReferencedDocuments(projectId: string, collection: string, ids: readonly string[]) {
  return useQuery({
    queryKey: [...editorDocumentKeys.all(projectId), collection, 'named', [...ids].sort().join(',')] as const,
    queryFn: ({ signal }) =>
      api.request<{ data: Document[] }>(
        `${projectUrl(projectId)}/collections/${encodeURIComponent(collection)}/documents?limit=100&filter[id][in]=${ids.map(encodeURIComponent).join(',')}`,
        { signal },
      ),
    enabled: ids.length > 0,
  });
}

/** Media to pick from, newest first: images only when the field accepts only images. */
export function useAssetChoices(projectId: string, q: string, imagesOnly: boolean, enabled: boolean) {
  return useQuery({
    queryKey: [...editorDocumentKeys.all(projectId), 'asset-choices', q, imagesOnly] as const,
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ limit: String(PICKER_LIMIT) });
      if (q) query.set('q', q);
      if (imagesOnly) query.set('type', 'image');
      return api.request<{ data: Asset[] }>(`${projectUrl(projectId)}/media?${query}`, { signal });
    },
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The assets a media field holds, to show them. */
export function useAssets(projectId: string, ids: readonly string[]) {
  return useQuery({
    queryKey: [...editorDocumentKeys.all(projectId), 'assets', [...ids].sort().join(',')] as const,
    queryFn: async ({ signal }) =>
      Promise.all(
        ids.map((id) =>
          api
            .request<{ data: Asset }>(`${projectUrl(projectId)}/media/${encodeURIComponent(id)}`, { signal })
            .then((answer) => answer.data)
            .catch(() => null),
        ),
      ),
    enabled: ids.length > 0,
  });
}
