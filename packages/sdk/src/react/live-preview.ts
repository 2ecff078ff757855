import { useEffect, useMemo, useState } from 'react';
import type { DocumentData, PlinthDocument } from '../documents.js';
import { mergePreview, type PreviewDocument, subscribeToPreview } from '../preview.js';

/** Options of `useLivePreview`. */
export interface LivePreviewOptions {
  /** The origin of the Plinth app that frames the preview (`https://cms.example.com`), or several. */
  origin: string | readonly string[];
}

/**
 * The document to render in a page shown in the editor's live preview: `initialDocument` (what
 * the page read, with `previewToken`) until the editor posts a draft, then the draft's values
 * over it, re-rendering as someone types. Marks `data-plinth-field` elements for click-to-focus
 * and answers `plinth:ready`, as `subscribeToPreview` does. Outside the editor's frame it
 * returns `initialDocument`.
 * @example
 * function ArticlePage({ article }: { article: PlinthDocument<Article> }) {
 *   const live = useLivePreview(article, { origin: 'https://cms.example.com' });
 *   return <h1 data-plinth-field="title">{live.data.title}</h1>;
 * }
 */
export function useLivePreview<T extends DocumentData>(
  initialDocument: PlinthDocument<T>,
  options: LivePreviewOptions,
): PlinthDocument<T>;
/** While the document loads (`useDocument`'s `data`), undefined stays undefined. */
export function useLivePreview<T extends DocumentData>(
  initialDocument: PlinthDocument<T> | null | undefined,
  options: LivePreviewOptions,
): PlinthDocument<T> | null | undefined;
export function useLivePreview<T extends DocumentData>(
  initialDocument: PlinthDocument<T> | null | undefined,
  options: LivePreviewOptions,
): PlinthDocument<T> | null | undefined {
  const [draft, setDraft] = useState<PreviewDocument | null>(null);
  // A key rather than the array, so a literal `origin: [a, b]` does not resubscribe every render.
  const origins = typeof options.origin === 'string' ? options.origin : options.origin.join(' ');
  const documentId = initialDocument?.id;
  useEffect(
    () =>
      subscribeToPreview({
        origin: origins.split(' '),
        ...(documentId !== undefined ? { documentId } : {}),
        onPreview: setDraft,
      }),
    [origins, documentId],
  );
  return useMemo(
    () => (initialDocument ? mergePreview(initialDocument, draft) : initialDocument),
    [initialDocument, draft],
  );
}
