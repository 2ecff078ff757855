// The paths the web app answers, written into dist/routes.json at build time so that the server
// can give unknown paths a real 404 status (the page itself is the app's 404 page).
// A test checks that this list and the route table agree.

export const KNOWN_PATHS = [
  '/',
  '/features',
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
  '/app',
  '/app/project',
] as const;

/** Everything under these belongs to the signed-in app, which shows its own 404 page. */
export const KNOWN_PREFIXES = ['/app/'] as const;
