import { useEffect } from 'react';
import { Navigate, Outlet, ScrollRestoration, useLocation } from 'react-router';
import { config } from '../config';
import { CookieBanner } from '../features/consent/components/cookie-banner';
import { canonicalUrl, setCanonicalLink, withoutTrailingSlash } from '../lib/canonical';

/** Every route passes here: trailing slashes go, and the canonical link follows the path. */
export function RootLayout() {
  const location = useLocation();
  const target = withoutTrailingSlash(location.pathname);

  useEffect(() => {
    if (!target) setCanonicalLink(canonicalUrl(config.siteUrl, location.pathname));
  }, [location.pathname, target]);

  if (target) return <Navigate to={{ pathname: target, search: location.search, hash: location.hash }} replace />;
  return (
    <>
      <Outlet />
      <CookieBanner />
      <ScrollRestoration />
    </>
  );
}
