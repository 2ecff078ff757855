import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { type PageOrigins, pageContentSecurityPolicy } from '../../plugins/security-headers.js';

export interface WebRoutesOptions {
  /** The Vite build of apps/web (index.html, assets/, routes.json). Nothing is served if it has no index.html. */
  distDir: string;
  /**
   * The public site address (PUBLIC_URL) for canonical links of prerendered pages built without
   * one; when absent, the origin the request was made to.
   */
  publicUrl?: string;
}

/** Paths that belong to the server (and build files that are missing): never answered with the web app. */
const SERVER_PATHS = /^\/(?:api|healthz|readyz|metrics|media|assets)(?:\/|$)/;

/** What the build says the app knows (apps/web/src/app/paths.ts); anything else gets status 404. */
interface RoutesManifest {
  paths: string[];
  prefixes: string[];
}

function readManifest(file: string): RoutesManifest | null {
  if (!existsSync(file)) return null;
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as Partial<RoutesManifest>;
    if (!Array.isArray(value.paths) || !Array.isArray(value.prefixes)) return null;
    return { paths: value.paths.map(String), prefixes: value.prefixes.map(String) };
  } catch {
    return null;
  }
}

/** A bare origin (scheme, host, optional port), or a wildcard host: nothing that could end a CSP directive. */
const ORIGIN = /^(?:https?|wss?):\/\/[a-z0-9*.-]+(?::\d{1,5})?$/i;

/**
 * dist/csp.json: origins the build's configured services need (analytics, tag manager, chat).
 * Anything but a list of bare origins per directive is refused, so the file can't inject a policy.
 */
function readPageOrigins(file: string): PageOrigins | undefined {
  if (!existsSync(file)) return undefined;
  const value = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const list = (key: keyof PageOrigins): string[] => {
    const entries = value[key] ?? [];
    if (!Array.isArray(entries) || !entries.every((entry) => typeof entry === 'string' && ORIGIN.test(entry))) {
      throw new Error(`${file}: "${key}" must be a list of origins such as https://cdn.example.com`);
    }
    return entries as string[];
  };
  return { script: list('script'), connect: list('connect'), img: list('img'), frame: list('frame') };
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * `/about/` → `/about`; leading slashes and backslashes (browsers read `\` as `/`) collapse so
 * that `//evil.example/` or `/\evil.example/` can never become an off-site redirect.
 */
function withoutTrailingSlash(pathname: string): string {
  return `/${pathname.replace(/^[/\\]+/, '').replace(/\/+$/, '')}`;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Where scripts/prerender.mjs (apps/web) leaves canonical origins it did not know at build time. */
const ORIGIN_PLACEHOLDER = '%PLINTH_ORIGIN%';

interface Page {
  html: Buffer;
  etag: string;
  /** The page needs the origin filled in, so its body (and ETag) depend on it. */
  hasPlaceholder: boolean;
}

const etagOf = (body: Buffer | string) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

function page(html: Buffer): Page {
  return { html, etag: etagOf(html), hasPlaceholder: html.includes(ORIGIN_PLACEHOLDER) };
}

/** dist/prerendered/<path>.html by path (`index.html` is `/`): public pages with their content in the HTML. */
function readPrerendered(distDir: string): Map<string, Page> {
  const pages = new Map<string, Page>();
  const root = path.join(distDir, 'prerendered');
  if (!existsSync(root)) return pages;
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const relative = path
      .relative(root, file)
      .split(path.sep)
      .join('/')
      .replace(/\.html$/, '');
    pages.set(relative === 'index' ? '/' : `/${relative}`, page(readFileSync(file)));
  }
  return pages;
}

/**
 * Serves the web app's build: hashed files under /assets/ cached for a year, other public files
 * for an hour, and index.html (never cached without revalidation) for every other GET that is not
 * a server path. Unknown app paths get index.html with status 404, so crawlers and monitors see a
 * real 404 while people see the app's 404 page. A trailing slash redirects (301) to the path without it.
 * Public pages prerendered by the build (dist/prerendered/) are sent for their own paths instead of
 * index.html, so their content, title, description and canonical link need no JavaScript.
 * Register it after the API, outside the /api/v1 prefix.
 * @example await app.register(webRoutes, { distDir: '/srv/plinth/apps/web/dist' });
 */
export const webRoutes: FastifyPluginAsync<WebRoutesOptions> = async (app, { distDir, publicUrl }) => {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir }, 'The web app is not built (run `npm run build`); only the API is served');
    return;
  }
  const shell = page(readFileSync(indexFile));
  const prerendered = readPrerendered(distDir);
  const fixedOrigin = publicUrl?.replace(/\/+$/, '');
  const manifest = readManifest(path.join(distDir, 'routes.json'));
  const pagePolicy = pageContentSecurityPolicy(readPageOrigins(path.join(distDir, 'csp.json')));
  const known = new Set(manifest?.paths ?? []);
  const isKnown = (pathname: string) =>
    manifest === null || known.has(pathname) || manifest.prefixes.some((prefix) => pathname.startsWith(prefix));

  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    // One route per file found now (the build does not change under a running server), so that
    // every other path reaches the handler below.
    wildcard: false,
    index: false,
    globIgnore: ['index.html', 'routes.json', 'csp.json', 'prerendered/**', '**/*.br', '**/*.gz'],
    // The build writes .br and .gz beside its scripts and styles; they are sent when accepted.
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      const relative = path.relative(distDir, filePath).split(path.sep).join('/');
      // version.json says which build is deployed: the running app asks it every hour, so never cached.
      if (relative === 'version.json') reply.header('Cache-Control', 'no-cache');
      else reply.header('Cache-Control', relative.startsWith('assets/') ? IMMUTABLE : 'public, max-age=3600');
    },
  });

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const [pathname = '/', query] = request.url.split('?', 2) as [string, string | undefined];
    if (SERVER_PATHS.test(pathname)) return reply.callNotFound();
    if (pathname !== '/' && pathname.endsWith('/')) {
      return reply.redirect(`${withoutTrailingSlash(pathname)}${query === undefined ? '' : `?${query}`}`, 301);
    }
    const known = isKnown(pathname);
    // A prerendered public page holds its content, title, description and canonical link; any
    // other path gets the app shell, which renders in the browser.
    const chosen = (known && prerendered.get(pathname)) || shell;
    let { html, etag } = chosen;
    if (chosen.hasPlaceholder) {
      const origin = fixedOrigin ?? `${request.protocol}://${request.host}`;
      html = Buffer.from(html.toString('utf8').replaceAll(ORIGIN_PLACEHOLDER, escapeAttribute(origin)));
      etag = etagOf(html);
    }
    reply
      .header('Cache-Control', 'no-cache')
      .header('Content-Security-Policy', pagePolicy)
      .header('ETag', etag)
      .type('text/html; charset=utf-8')
      .status(known ? 200 : 404);
    if (known && request.headers['if-none-match'] === etag) {
      return reply.status(304).send();
    }
    return reply.send(html);
  });
};
