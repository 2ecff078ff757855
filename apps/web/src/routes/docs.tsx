import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageMeta } from '../components/ui/page-meta';
import { CodeBlock } from '../features/docs/components/code-block';
import { InlineCode } from '../features/docs/components/inline-code';
import * as examples from '../features/docs/examples';
import * as files from '../features/docs/file-samples';

const SECTIONS = [
  { id: 'getting-started', title: 'Getting started' },
  { id: 'authentication', title: 'Authentication' },
  { id: 'collections', title: 'Collections' },
  { id: 'documents', title: 'Documents' },
  { id: 'media', title: 'Media' },
  { id: 'webhooks', title: 'Webhooks' },
  { id: 'sdk-examples', title: 'SDK examples' },
] as const;

const SCOPES = [
  ['content:read', 'Read published content (snapshots only, never drafts)'],
  ['content:preview', 'Read drafts and unpublished changes too'],
  ['content:write', 'Create, update, delete and publish documents'],
  ['media:read', 'List and read media assets'],
  ['media:write', 'Upload, change and delete media'],
  ['schema:read', 'Read collections and components'],
  ['schema:write', 'Create and change collections and components'],
  ['webhooks:manage', 'Create, change and test webhooks'],
] as const;

const c = (text: string) => <InlineCode>{text}</InlineCode>;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-24 border-slate-200 border-t pt-10">
      <h2 id={`${id}-heading`} className="font-bold text-2xl text-slate-900 tracking-tight">
        {title}
      </h2>
      <div className="mt-4 space-y-4 text-slate-700 leading-7">{children}</div>
    </section>
  );
}

function H3({ children }: { children: ReactNode }) {
  return <h3 className="pt-4 font-semibold text-lg text-slate-900">{children}</h3>;
}

export function Component() {
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-10 px-4 py-16 sm:px-6 lg:grid-cols-4 lg:px-8">
      <PageMeta
        title="Documentation"
        description="Plinth developer documentation: getting started, API tokens and headers, collections, documents, media, webhooks and Next.js and React examples."
      />
      <aside className="lg:sticky lg:top-24 lg:self-start">
        <nav aria-label="Documentation" className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
          <h2 className="font-semibold text-slate-900 text-sm">On this page</h2>
          <ul className="mt-2 space-y-1 text-sm">
            {SECTIONS.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="block rounded px-2 py-1 text-slate-700 hover:bg-slate-100">
                  {section.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <article className="min-w-0 space-y-10 lg:col-span-3">
        <header>
          <p className="font-semibold text-indigo-600 text-sm uppercase tracking-wide">Documentation</p>
          <h1 className="mt-2 font-bold text-4xl text-slate-900 tracking-tight">Build with the Plinth API</h1>
          <p className="mt-4 text-lg text-slate-600">
            Everything in Plinth is available over HTTPS and JSON under {c('/api/v1')}. These guides take you from a
            first request to content models, documents, media and webhooks. The full reference is the OpenAPI document
            at {c('/api/v1/openapi.json')} (or {c('/api/v1/openapi.yaml')}), browsable at {c('/api/docs')}: generate a
            typed client from it with openapi-typescript.
          </p>
        </header>

        <Section id="getting-started" title="Getting started">
          <ol className="list-decimal space-y-2 pl-5">
            <li>
              <Link to="/register" className="font-medium text-indigo-600 underline">
                Create an account
              </Link>{' '}
              and sign in: the setup wizard creates your first project with its locales. The project’s ID is on its
              dashboard, with a copy button; use it as {c('PLINTH_PROJECT_ID')} below.
            </li>
            <li>
              Model your content: pick a starter in the wizard (blog, docs site or landing pages) for ready collections
              and sample documents, or create a collection such as {c('articles')} with the fields you need (see{' '}
              <a href="#collections" className="font-medium text-indigo-600 underline">
                Collections
              </a>
              ).
            </li>
            <li>
              Create an API token on the project’s <strong>API tokens</strong> screen with the scopes your site needs.
              The token is shown once, next to ready examples that carry your project’s ID; keep it in your environment,
              never in source control.
            </li>
            <li>Fetch your content from any language or framework:</li>
          </ol>
          <CodeBlock title="Your first request" code={examples.FIRST_REQUEST} />
          <p>
            Lists answer {c('{ data: [...], meta: { total, page, limit } }')}; a single resource answers{' '}
            {c('{ data: {...} }')}. Field names are snake_case and times are ISO 8601 in UTC.
          </p>
          <CodeBlock title="200 OK" code={examples.LIST_RESPONSE} />
        </Section>

        <Section id="authentication" title="Authentication">
          <p>
            Every request carries a credential in the {c('Authorization')} header as a bearer token. For sites, apps and
            scripts that is a project <strong>API key</strong> (an API token); the dashboard itself uses short-lived
            user sessions. Tokens belong to one project: used on another project’s paths they answer 404.
          </p>
          <CodeBlock title="Request headers" code={examples.HEADERS} />
          <H3>Scopes</H3>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-slate-200 border-b">
                  <th scope="col" className="py-2 pr-4 font-semibold text-slate-900">
                    Scope
                  </th>
                  <th scope="col" className="py-2 font-semibold text-slate-900">
                    Allows
                  </th>
                </tr>
              </thead>
              <tbody>
                {SCOPES.map(([scope, text]) => (
                  <tr key={scope} className="border-slate-100 border-b">
                    <td className="py-2 pr-4 font-mono text-slate-900">{scope}</td>
                    <td className="py-2 text-slate-700">{text}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p>
            A call outside the token’s scopes answers 403 {c('FORBIDDEN')}; a revoked or expired token answers 401{' '}
            {c('UNAUTHENTICATED')}. Requests made with API tokens count against your plan’s monthly quota, and bursts
            above the plan’s requests per second answer 429 {c('RATE_LIMITED')} with {c('Retry-After')}. Every error has
            the same shape, with a {c('message')} you can show to people:
          </p>
          <CodeBlock title="An error" code={examples.ERROR_SHAPE} />
        </Section>

        <Section id="collections" title="Collections">
          <p>
            A collection describes one kind of content: its slug, name and typed fields. Field types include {c('text')}
            , {c('richtext')}, {c('number')}, {c('boolean')}, {c('datetime')}, {c('slug')}, {c('select')}, {c('media')},{' '}
            {c('reference')} and {c('blocks')}. Mark a field {c('localized')} to keep one value per locale. Creating and
            changing collections needs the {c('schema:write')} scope.
          </p>
          <CodeBlock title="Create a collection → 201" code={examples.CREATE_COLLECTION} />
          <p>
            {c('GET /api/v1/projects/:projectId/collections')} lists them and {c('GET …/collections/:slug')} reads one.
            Adding fields later keeps your data; a type change that existing documents would violate answers 409 with
            the number of documents affected.
          </p>
        </Section>

        <Section id="documents" title="Documents">
          <p>
            Documents live under {c('/api/v1/projects/:projectId/collections/:collection/documents')}. A token with{' '}
            {c('content:read')} always gets the published version; writing needs {c('content:write')}.
          </p>
          <H3>List</H3>
          <p>
            Filter with {c('filter[field][op]=value')} (operators{' '}
            {c('eq ne gt gte lt lte in nin contains starts_with exists')}
            ), sort with {c('sort=-published_at,title')}, page with {c('page')} and {c('limit')} (at most 100) or follow{' '}
            {c('meta.next_cursor')} with {c('cursor')}, and choose the locale with {c('locale')}.
          </p>
          <CodeBlock title="List documents" code={examples.LIST_DOCUMENTS} />
          <H3>Create</H3>
          <CodeBlock title="Create a document" code={examples.CREATE_DOCUMENT} />
          <H3>Update</H3>
          <p>
            {c('PATCH')} changes only the fields you send. Pass the {c('version')} you last read to avoid overwriting
            someone else’s edit.
          </p>
          <CodeBlock title="Update and publish a document" code={examples.UPDATE_DOCUMENT} />
          <H3>Delete</H3>
          <CodeBlock title="Delete and restore a document" code={examples.DELETE_DOCUMENT} />
        </Section>

        <Section id="media" title="Media">
          <p>
            Upload files as {c('multipart/form-data')} with a {c('file')} part and optional {c('alt')} and {c('folder')}
            . The type is read from the file’s bytes. Uploads need {c('media:write')}, listing {c('media:read')}.
          </p>
          <CodeBlock title="Upload a file" code={examples.UPLOAD_MEDIA} />
          <CodeBlock title="List media" code={examples.LIST_MEDIA} />
        </Section>

        <Section id="webhooks" title="Webhooks">
          <p>
            Webhooks POST a JSON payload to your URL when content changes. Choose events such as{' '}
            {c('document.published')}, {c('document.updated')} or {c('media.created')} (or {c('["*"]')} for all), and
            optionally limit them to some collections. Managing webhooks needs {c('webhooks:manage')}.
          </p>
          <CodeBlock title="Create a webhook" code={examples.CREATE_WEBHOOK} />
          <H3>Payload and signature</H3>
          <p>
            Each delivery carries the event, a delivery id (the same on retries, so you can ignore duplicates), a unix
            timestamp and a signature: {c('sha256=')} followed by the hex HMAC-SHA256 of {c('"<timestamp>.<raw body>"')}{' '}
            with the webhook’s secret. Answer with a 2xx within 10 seconds; anything else is retried with growing
            delays.
          </p>
          <CodeBlock title="A delivery" code={examples.WEBHOOK_PAYLOAD} />
          <p>
            The {c('data')} of a document event is the document as the API reads it with {c('locale=*')}: localized
            fields are maps of locale to value, and hidden fields are never sent.
          </p>
          <ul className="list-disc space-y-1 pl-6">
            <li>
              {c('document.published')}: the snapshot just published, as a token with {c('content:read')} reads it.
            </li>
            <li>
              {c('document.unpublished')}: the snapshot that was withdrawn, as readers saw it (with the {c('version')}{' '}
              it was published with), and its {c('status')} and {c('published_at')} (null) after the change.
            </li>
            <li>
              {c('document.created')}, {c('document.updated')} (also sent for a restore) and {c('document.deleted')}:
              the working copy, drafts included, as a token with {c('content:preview')} reads it. Give such a webhook’s
              URL only to systems that may see unpublished content.
            </li>
            <li>
              {c('media.*')} events carry the asset, {c('collection.*')} events the collection’s model.
            </li>
          </ul>
          <CodeBlock title="lib/verify-plinth-signature.ts" code={files.VERIFY_SIGNATURE} />
        </Section>

        <Section id="sdk-examples" title="SDK examples">
          <p>
            {c('@plinth/sdk')} is the typed client: it runs wherever {c('fetch')} does (Node.js 20+, browsers, edge
            runtimes), turns every error answer into a {c('PlinthError')} with its {c('code')} and {c('message')}, and
            comes with React hooks and a generator that writes TypeScript types for your collections.
          </p>
          <CodeBlock title="Install and generate types" code={examples.INSTALL_SDK} />
          <H3>Next.js</H3>
          <CodeBlock title="app/blog/page.tsx" code={files.NEXT_PAGE} />
          <CodeBlock title="app/api/plinth-webhook/route.ts" code={files.NEXT_WEBHOOK} />
          <H3>React</H3>
          <CodeBlock title="src/articles.tsx" code={files.REACT_COMPONENT} />
        </Section>
      </article>
    </div>
  );
}
