import { Link } from 'react-router';
import { MarketingPage } from '../features/marketing/components/marketing-page';

export function Component() {
  return (
    <MarketingPage
      meta={{
        title: 'Developer tools',
        description:
          'REST and GraphQL APIs, scoped API tokens, signed webhooks, OpenAPI and SDKs: the tools developers use to build on Plinth.',
      }}
      eyebrow="Developer tools"
      title="An API you will enjoy building on"
      intro={
        <p>
          Every collection you model gets typed REST endpoints and a GraphQL schema at once. Scoped tokens, signed
          webhooks and predictable errors make Plinth easy to put behind any front end.
        </p>
      }
      features={[
        {
          title: 'REST with filtering and search',
          text: 'Filter on any field with operators like eq, in, contains and exists, sort on several fields, paginate by page or cursor, and search full text.',
        },
        {
          title: 'GraphQL generated from your model',
          text: 'Queries and mutations for each collection, with the same permissions, locales and filters as REST, and batched references.',
        },
        {
          title: 'Scoped API tokens',
          text: 'Give each site or service only what it needs: read published content, preview drafts, write, manage media or webhooks.',
        },
        {
          title: 'Signed webhooks',
          text: 'HMAC-SHA256 signatures, automatic retries with backoff, a delivery log and one-click redelivery.',
        },
        {
          title: 'OpenAPI 3.1',
          text: 'A complete, machine-readable description of the API at /api/v1/openapi.json, ready for client generators.',
        },
        {
          title: 'Safe retries and caching',
          text: 'Idempotency keys on creating requests, ETags on reads and Cache-Control headers that let any CDN help.',
        },
      ]}
      highlights={[
        {
          title: 'Predictable errors',
          text: 'Every error has the same JSON shape, a stable code and a sentence you can show to people.',
          points: [
            'VALIDATION_FAILED with the exact field paths that failed',
            'TOKEN_EXPIRED apart from other 401s, so clients know when to refresh',
            'RATE_LIMITED and QUOTA_EXCEEDED with Retry-After and quota headers',
          ],
        },
        {
          title: 'Works with your stack',
          text: 'Plain HTTPS and JSON: call it from any language or framework.',
          points: [
            'Next.js, Nuxt and other static or server-rendered sites',
            'React, Vue and mobile apps reading published content',
            'Build pipelines triggered by webhooks on publish',
          ],
        },
      ]}
      extra={
        <section className="py-16 text-center">
          <p className="text-slate-700">
            Ready to start?{' '}
            <Link to="/docs" className="font-semibold text-indigo-600 hover:text-indigo-500">
              Read the documentation
            </Link>{' '}
            for examples of every call.
          </p>
        </section>
      }
    />
  );
}
