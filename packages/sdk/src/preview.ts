import type { DocumentData, PlinthDocument } from './documents.js';

/** The query parameter that carries a preview token in preview URLs. */
export const PREVIEW_PARAM = 'plinth_preview';

/** A document as the editor posts it: a REST Document, with the unsaved values in `data`. */
export type PreviewDocument = PlinthDocument<Record<string, unknown>>;

/**
 * Editor → preview: the document with its unsaved changes, posted after each change.
 * @example frame.contentWindow?.postMessage({ type: 'plinth:preview', document } satisfies PreviewMessage, previewOrigin);
 */
export interface PreviewMessage {
  type: 'plinth:preview';
  document: PreviewDocument;
}

/** Preview → editor: the preview page listens now (the editor may post the current draft). */
export interface PreviewReadyMessage {
  type: 'plinth:ready';
}

/**
 * Preview → editor: an element marked `data-plinth-field` was clicked; focus that field.
 * @example { type: 'plinth:focus', path: 'body.2.heading' }
 */
export interface PreviewFocusMessage {
  type: 'plinth:focus';
  /** The field's path, such as `title` or `body.2.heading`. */
  path: string;
}

/**
 * The preview token (`plp_…`) in a page URL's `plinth_preview` parameter, or null when there
 * is none. Pass it to `get(id, { previewToken })` to render the working copy being edited.
 * @example
 * const previewToken = previewTokenFrom(request.url); // in a route handler or page
 * const article = await articles.get(id, previewToken ? { previewToken } : {});
 */
export function previewTokenFrom(url: string | URL): string | null {
  let parsed: URL;
  try {
    // A relative URL (`/blog/hello?plinth_preview=…`) is read against a placeholder origin.
    parsed = typeof url === 'string' ? new URL(url, 'http://localhost') : url;
  } catch {
    return null;
  }
  const token = parsed.searchParams.get(PREVIEW_PARAM);
  return token?.startsWith('plp_') ? token : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether a message's data is a `plinth:preview` message with a document in it. */
function isPreviewMessage(data: unknown): data is PreviewMessage {
  if (!isRecord(data) || data.type !== 'plinth:preview' || !isRecord(data.document)) return false;
  const { id, collection, data: values } = data.document;
  return typeof id === 'string' && typeof collection === 'string' && isRecord(values);
}

/** Origins as `URL.origin` writes them (`https://cms.example.com/` → `https://cms.example.com`). */
function originsOf(origin: string | readonly string[]): string[] {
  const given = typeof origin === 'string' ? [origin] : [...origin];
  if (given.length === 0) throw new TypeError('subscribeToPreview needs the origin of the Plinth app');
  return given.map((value) => {
    let parsed = 'null';
    try {
      parsed = new URL(value).origin;
    } catch {}
    // `*` or an opaque origin would accept drafts from any page and post to any parent.
    if (parsed === 'null') {
      throw new TypeError(`Not an origin: ${value} (give the Plinth app's, such as https://cms.example.com)`);
    }
    return parsed;
  });
}

/** Clicks already forwarded, so that two subscriptions on one page send one focus message. */
const forwardedClicks = new WeakSet<Event>();

/** Options of `subscribeToPreview`. */
export interface SubscribeToPreviewOptions<T extends DocumentData = Record<string, unknown>> {
  /**
   * The origin of the Plinth app that frames the preview (`https://cms.example.com`), or several.
   * Messages from any other origin are ignored, and messages to the editor go only there.
   */
  origin: string | readonly string[];
  /** Called with each draft the editor posts (unsaved values in `data`, in `document.locale`). */
  onPreview: (document: PlinthDocument<T>) => void;
  /** Only drafts of this document (all drafts by default). */
  documentId?: string;
}

/**
 * Listens, in a page shown in the editor's live preview, for the drafts the editor posts as
 * someone types, and tells the editor the page is ready (`plinth:ready`). Clicking an element
 * marked `data-plinth-field="title"` (or a path such as `body.2.heading`) focuses that field in
 * the editor. Messages from other origins, and of other shapes, are ignored. Returns the
 * function that stops it all; does nothing outside a browser.
 * @example
 * const stop = subscribeToPreview<Article>({
 *   origin: 'https://cms.example.com',
 *   documentId: article.id,
 *   onPreview: (draft) => render(mergePreview(article, draft)),
 * });
 * // <h1 data-plinth-field="title">…</h1>
 */
export function subscribeToPreview<T extends DocumentData = Record<string, unknown>>(
  options: SubscribeToPreviewOptions<T>,
): () => void {
  const origins = originsOf(options.origin);
  if (typeof window === 'undefined') return () => undefined;
  const page = window;
  const parent = page.parent && page.parent !== page ? page.parent : null;
  const post = (message: PreviewReadyMessage | PreviewFocusMessage) => {
    // postMessage drops a message whose target origin is not the parent's, so only the editor gets it.
    for (const origin of origins) parent?.postMessage(message, origin);
  };

  const onMessage = (event: MessageEvent<unknown>) => {
    if (!origins.includes(event.origin) || !isPreviewMessage(event.data)) return;
    const { document } = event.data;
    if (options.documentId !== undefined && document.id !== options.documentId) return;
    options.onPreview(document as PlinthDocument<T>);
  };

  const onClick = (event: MouseEvent) => {
    if (forwardedClicks.has(event)) return;
    const target = event.target as { closest?: (selector: string) => Element | null } | null;
    const field = typeof target?.closest === 'function' ? target.closest('[data-plinth-field]') : null;
    const path = field?.getAttribute('data-plinth-field');
    if (!path) return;
    forwardedClicks.add(event);
    post({ type: 'plinth:focus', path });
  };

  page.addEventListener('message', onMessage);
  if (parent) page.document.addEventListener('click', onClick, true);
  post({ type: 'plinth:ready' });
  return () => {
    page.removeEventListener('message', onMessage);
    page.document.removeEventListener('click', onClick, true);
  };
}

/** A read's value (a populated document or asset) that a draft's id still points at. */
function keepPopulated(current: unknown, draft: unknown): unknown {
  if (typeof draft === 'string' && isRecord(current) && current.id === draft) return current;
  if (Array.isArray(draft) && Array.isArray(current)) {
    return draft.map((item: unknown) =>
      typeof item === 'string' ? (current.find((kept) => isRecord(kept) && kept.id === item) ?? item) : item,
    );
  }
  return draft;
}

/**
 * The document to render: `current` (what the page read) with the draft's `data` over it when
 * the draft is of the same document, else `current` unchanged. References and media that
 * `current` has populated stay populated while the draft still points at the same ids.
 * @example
 * const shown = mergePreview(article, draft); // draft from subscribeToPreview's onPreview
 */
export function mergePreview<T extends DocumentData>(
  current: PlinthDocument<T>,
  draft: PreviewDocument | PlinthDocument<T> | null | undefined,
): PlinthDocument<T> {
  if (!draft || draft.id !== current.id) return current;
  const before = current.data as Record<string, unknown>;
  const data: Record<string, unknown> = { ...before };
  for (const [field, value] of Object.entries(draft.data)) data[field] = keepPopulated(before[field], value);
  return { ...current, data: data as T };
}
