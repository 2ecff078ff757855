import type { Collection, Document, Field, Project } from '@plinth/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { signIn, testCollection, testProject } from '../../../test/render';
import { AiAssistant } from './ai-assistant';

export const PROJECT: Project = testProject({ locales: ['en', 'es', 'fr'], default_locale: 'en' });

export const ARTICLES: Collection = testCollection({
  slug: 'articles',
  name: 'Articles',
  singular: 'article',
  display_field: 'title',
  fields: [
    { name: 'title', type: 'text', localized: true },
    { name: 'body', type: 'richtext', localized: true },
    { name: 'meta_title', type: 'text', localized: true },
    { name: 'excerpt', type: 'longtext', localized: true },
    { name: 'views', type: 'integer' },
  ],
});

export const DOCUMENT: Document = {
  id: 'd1',
  collection: 'articles',
  locale: '*',
  status: 'changed',
  workflow_stage: null,
  version: 4,
  data: {
    title: { en: 'Hello', es: 'Hola' },
    body: { en: '<p>Tea is <b>good</b>.</p>' },
    meta_title: null,
    excerpt: null,
    views: 3,
  },
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-02T10:00:00.000Z',
  published_at: null,
  publish_at: null,
  unpublish_at: null,
  publish_locales: null,
  unpublish_locales: null,
  locale_status: { en: 'changed', es: 'draft', fr: 'draft' },
  created_by: 'u1',
  updated_by: 'u1',
};

/**
 * A server-sent events answer whose frames are pushed by the test (`send`, `close`); `cancelled`
 * turns true when the reader gives up on it (Stop).
 */
export function sseStream() {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  const state = { cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    start: (own) => {
      controller = own;
    },
    cancel: () => {
      state.cancelled = true;
    },
  });
  return {
    response: new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } }),
    send: (event: string, data: unknown) =>
      controller?.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)),
    close: () => controller?.close(),
    state,
  };
}

/** Renders the assistant alone (its button), signed in, with spies for what it hands the editor. */
export function renderAssistant(
  options: { document?: Document | null; hasUnsaved?: boolean; locale?: string; fields?: readonly Field[] } = {},
) {
  signIn();
  const onChange = vi.fn();
  const onTranslated = vi.fn();
  const user = userEvent.setup();
  const document = options.document === undefined ? DOCUMENT : options.document;
  const view = render(
    <QueryClientProvider client={createQueryClient({ retryQueries: false })}>
      <AiAssistant
        project={PROJECT}
        collection={ARTICLES}
        document={document}
        locale={options.locale ?? 'en'}
        fields={options.fields ?? ARTICLES.fields}
        hasUnsaved={options.hasUnsaved ?? false}
        onChange={onChange}
        onTranslated={onTranslated}
      />
    </QueryClientProvider>,
  );
  return { ...view, user, onChange, onTranslated };
}
