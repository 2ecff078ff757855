import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';

export interface WebRoutesOptions {
  /** The Vite build of apps/web (index.html, assets/, routes.json). Nothing is served if it has no index.html. */
  distDir: string;
}

/** apps/web/dist, seen from this file in src/ (tests) or dist/ (production). */
export function defaultWebDistDir(): string {
  return fileURLToPath(new URL('../../../../web/dist', import.meta.url));
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

/** `/about/` → `/about`; leading slashes collapse so that `//evil.example/` can never become an off-site redirect. */
function withoutTrailingSlash(pathname: string): string {
  return `/${pathname.replace(/^\/+/, '').replace(/\/+$/, '')}`;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the web app's build: hashed files under /assets/ cached for a year, other public files
 * for an hour, and index.html (never cached without revalidation) for every other GET that is not
 * a server path. Unknown app paths get index.html with status 404, so crawlers and monitors see a
 * real 404 while people see the app's 404 page. A trailing slash redirects (301) to the path without it.
 * Register it after the API, outside the /api/v1 prefix.
 * @example await app.register(webRoutes, { distDir: defaultWebDistDir() });
 */
export const webRoutes: FastifyPluginAsync<WebRoutesOptions> = async (app, { distDir }) => {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir }, 'The web app is not built (run `npm run build`); only the API is served');
    return;
  }
  const indexHtml = readFileSync(indexFile);
  const indexEtag = `"${createHash('sha256').update(indexHtml).digest('base64url').slice(0, 27)}"`;
  const manifest = readManifest(path.join(distDir, 'routes.json'));
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
    globIgnore: ['index.html', 'routes.json'],
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      const relative = path.relative(distDir, filePath).split(path.sep).join('/');
      reply.header('Cache-Control', relative.startsWith('assets/') ? IMMUTABLE : 'public, max-age=3600');
    },
  });

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const [pathname = '/', query] = request.url.split('?', 2) as [string, string | undefined];
    if (SERVER_PATHS.test(pathname)) return reply.callNotFound();
    if (pathname !== '/' && pathname.endsWith('/')) {
      return reply.redirect(`${withoutTrailingSlash(pathname)}${query === undefined ? '' : `?${query}`}`, 301);
    }
    reply
      .header('Cache-Control', 'no-cache')
      .header('ETag', indexEtag)
      .type('text/html; charset=utf-8')
      .status(isKnown(pathname) ? 200 : 404);
    if (reply.statusCode === 200 && request.headers['if-none-match'] === indexEtag) {
      return reply.status(304).send();
    }
    return reply.send(indexHtml);
  });
};
