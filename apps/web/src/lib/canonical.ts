/** The canonical address of a path: the site URL plus the path, with no trailing slash except on /. */
export function canonicalUrl(siteUrl: string, pathname: string): string {
  const path = pathname === '/' ? '/' : pathname.replace(/\/+$/, '') || '/';
  return `${siteUrl.replace(/\/+$/, '')}${path}`;
}

/** Points the page's `<link rel="canonical">` at the given address, creating the tag if needed. */
export function setCanonicalLink(href: string): void {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'canonical';
    document.head.append(link);
  }
  link.href = href;
}

/** A path other than / that ends with a slash, without it; null when there is nothing to change. */
export function withoutTrailingSlash(pathname: string): string | null {
  if (pathname === '/' || !pathname.endsWith('/')) return null;
  return pathname.replace(/\/+$/, '') || '/';
}
