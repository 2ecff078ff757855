import type { Collection, Component, Document, Field } from '@plinth/contract';
import { ExternalLink, RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { fieldLabel } from '../../../lib/field-label';
import { createPreviewToken } from '../api/live';

/**
 * The live preview beside the form. With a collection `preview_url`, the site in a frame,
 * opened with a preview token (the draft, never the published copy), sent each unsaved change
 * with `postMessage({ type: 'plinth:preview', document })` to its origin only; a click on an
 * element the site marks `data-plinth-field` focuses that field here. Without one, a built-in
 * preview of the values and blocks.
 */
export function PreviewPane({
  projectId,
  collection,
  components,
  document,
  onFocusField,
}: {
  projectId: string;
  collection: Collection;
  components: readonly Component[];
  /** The document as the preview shows it: the working copy in one locale, unsaved changes in. */
  document: Document;
  onFocusField: (path: string) => void;
}) {
  const [target, setTarget] = useState<{ url: string | null; error: string | null } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const frame = useRef<HTMLIFrameElement>(null);
  const latest = useRef(document);
  latest.current = document;
  const { locale, id } = document;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` opens it again (a new token) on demand.
  useEffect(() => {
    if (!collection.preview_url) return;
    let active = true;
    setTarget(null);
    createPreviewToken(projectId, collection.slug, id, locale).then(
      (answer) => active && setTarget({ url: answer.data.url, error: null }),
      (error: unknown) =>
        active && setTarget({ url: null, error: errorMessage(error, 'The preview could not be opened') }),
    );
    return () => {
      active = false;
    };
  }, [projectId, collection.slug, collection.preview_url, id, locale, attempt]);

  const origin = target?.url ? new URL(target.url).origin : null;
  const post = () => {
    if (origin) frame.current?.contentWindow?.postMessage({ type: 'plinth:preview', document: latest.current }, origin);
  };

  // Each change of the draft goes to the site as it is typed.
  useEffect(() => {
    if (origin) frame.current?.contentWindow?.postMessage({ type: 'plinth:preview', document }, origin);
  }, [document, origin]);

  // The site says it listens (then gets the draft), and asks to focus a field it shows.
  useEffect(() => {
    if (!origin) return;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== frame.current?.contentWindow) return;
      const data = event.data as { type?: unknown; path?: unknown } | null;
      if (data?.type === 'plinth:ready') post();
      if (data?.type === 'plinth:focus' && typeof data.path === 'string') onFocusField(data.path);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  });

  if (!collection.preview_url)
    return <BuiltInPreview collection={collection} components={components} document={document} />;
  return (
    <div className="flex h-full min-h-[32rem] flex-col overflow-hidden rounded-xl bg-white ring-1 ring-slate-200">
      <div className="flex items-center justify-between gap-2 border-slate-200 border-b px-3 py-2 text-sm">
        <span className="truncate text-slate-600">
          {target?.url ? new URL(target.url).host : 'Opening the preview…'}
        </span>
        <div className="flex shrink-0 gap-1">
          <button
            type="button"
            onClick={() => setAttempt((count) => count + 1)}
            className="rounded-md p-1.5 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
            aria-label="Reload the preview"
          >
            <RefreshCw className="size-4" aria-hidden />
          </button>
          {target?.url ? (
            <a
              href={target.url}
              target="_blank"
              rel="noreferrer"
              className="rounded-md p-1.5 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
              aria-label="Open the preview in a new tab"
            >
              <ExternalLink className="size-4" aria-hidden />
            </a>
          ) : null}
        </div>
      </div>
      {target?.error ? (
        <p role="alert" className="p-4 text-red-700 text-sm">
          {target.error}
        </p>
      ) : target?.url ? (
        <iframe
          ref={frame}
          src={target.url}
          title={`Preview of ${collection.singular}`}
          className="min-h-[32rem] w-full flex-1"
          onLoad={post}
        />
      ) : null}
    </div>
  );
}

/** Values that are ids or data, not something a page shows as text. */
const NOT_PREVIEWED = new Set<Field['type']>(['reference', 'media', 'json']);

/** Without a site to show it, the document's values as a page: text, and each block in order. */
function BuiltInPreview({
  collection,
  components,
  document,
}: {
  collection: Collection;
  components: readonly Component[];
  document: Document;
}) {
  return (
    <article className="space-y-4 rounded-xl bg-white p-6 ring-1 ring-slate-200" aria-label="Preview">
      <p className="text-slate-500 text-xs">
        Built-in preview. Give {collection.name} a preview URL in the content model to see your site here.
      </p>
      {collection.fields
        .filter((field) => !field.hidden && !NOT_PREVIEWED.has(field.type))
        .map((field) => (
          <PreviewValue
            key={field.name}
            label={fieldLabel(field)}
            value={document.data[field.name]}
            components={components}
          />
        ))}
    </article>
  );
}

function PreviewValue({
  label,
  value,
  components,
}: {
  label: string;
  value: unknown;
  components: readonly Component[];
}) {
  if (value === null || value === undefined || value === '') return null;
  if (
    Array.isArray(value) &&
    value.every((item) => typeof item === 'object' && item !== null && '_component' in item)
  ) {
    return (
      <section className="space-y-3">
        <h2 className="font-semibold text-slate-500 text-xs uppercase tracking-wide">{label}</h2>
        {value.map((block) => {
          const item = block as Record<string, unknown> & { _component: string; _key?: string };
          const component = components.find((candidate) => candidate.name === item._component);
          return (
            <div key={item._key ?? item._component} className="rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200">
              <p className="mb-2 font-medium text-indigo-700 text-xs">{component?.label || item._component}</p>
              {(component?.fields ?? [])
                .filter((field) => !NOT_PREVIEWED.has(field.type))
                .map((field) => (
                  <PreviewValue
                    key={field.name}
                    label={fieldLabel(field)}
                    value={item[field.name]}
                    components={components}
                  />
                ))}
            </div>
          );
        })}
      </section>
    );
  }
  const text =
    typeof value === 'string'
      ? value.replace(/<[^>]*>/g, ' ')
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  return (
    <div>
      <p className="font-semibold text-slate-500 text-xs uppercase tracking-wide">{label}</p>
      <p className="whitespace-pre-wrap break-words text-slate-900">{text}</p>
    </div>
  );
}
