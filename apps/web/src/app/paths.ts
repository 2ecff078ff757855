// The paths the web app answers, written into dist/routes.json at build time so that the server
// can give unknown paths a real 404 status (the page itself is the app's 404 page).
// A test checks that this list and the route table agree.

export const KNOWN_PATHS = [
  '/',
  '/features',
  '/ai',
  '/collaboration',
  '/developer-tools',
  '/pricing',
  '/blog',
  '/docs',
  '/status',
  '/about',
  '/careers',
  '/contact',
  '/support',
  '/privacy',
  '/terms',
  '/cookies',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/auth/github/callback',
  '/auth/google/callback',
  '/auth/oidc/callback',
  '/app',
  '/app/project',
  '/app/graphql',
] as const;

/**
 * Everything under these is answered by the app: /app/ shows its own 404 page, and /blog/ holds
 * posts and categories whose existence only the API knows (the page says when one is missing).
 */
export const KNOWN_PREFIXES = ['/app/', '/blog/'] as const;

/**
 * The product's `/app/<section>` paths: each opens the section in the last-used project. Kept
 * valid for links in emails, docs and bookmarks.
 */
export const PROJECT_SECTION_PATHS = [
  'collections',
  'audiences',
  'collection-editor',
  'content',
  'media',
  'api-tokens',
  'webhooks',
  'analytics',
  'billing',
  'settings',
  'settings/billing',
  'settings/members',
] as const;

/** Sections whose `/app/<section>/…` paths (`/app/collection-editor/articles`) open in the last-used project too. */
export const PROJECT_SECTION_PREFIXES = ['collection-editor', 'document-editor'] as const;
