// Prerenders the public pages after `vite build` and `vite build --ssr`: each one becomes
// dist/prerendered/<path>.html (`/` → index.html), the built index.html with the page's HTML in
// #root and its title, description and canonical link in <head>. The server sends these for their
// paths (apps/server/src/modules/web); the browser hydrates them. Other paths get dist/index.html.
// React's production server renderer, whatever the calling environment says.
process.env.NODE_ENV = 'production';

import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const webDir = fileURLToPath(new URL('..', import.meta.url));
const distDir = path.join(webDir, 'dist');
const outDir = path.join(distDir, 'prerendered');

/** Pages that depend on the URL's query or on the session are left to the browser. */
const SKIPPED = new Set(['/reset-password', '/auth/github/callback', '/auth/google/callback', '/auth/oidc/callback']);

// The origin of canonical links: fixed at build time when known, else filled in by the server.
const siteUrl = (process.env.PUBLIC_SITE_URL || process.env.PUBLIC_URL || '').replace(/\/+$/, '');
export const ORIGIN_PLACEHOLDER = '%PLINTH_ORIGIN%';

const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const { render, KNOWN_PATHS } = await import(pathToFileURL(path.join(webDir, 'dist-ssr', 'entry-server.js')).href);
const template = readFileSync(path.join(distDir, 'index.html'), 'utf8');
if (!template.includes('<div id="root"></div>')) throw new Error('dist/index.html has no empty #root');

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

const pages = KNOWN_PATHS.filter((route) => !route.startsWith('/app') && !SKIPPED.has(route));
for (const route of pages) {
  const { html, head, status } = await render(route);
  if (status !== 200) throw new Error(`${route} rendered with status ${status}`);
  if (!head.title || !head.description) throw new Error(`${route} has no PageMeta`);
  const canonical = `${siteUrl || ORIGIN_PLACEHOLDER}${route}`;
  const page = template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(head.title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeHtml(head.description)}" />`,
    )
    .replace('</head>', `  <link rel="canonical" href="${escapeHtml(canonical)}" />\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root">${html}</div>`);
  const file = path.join(outDir, route === '/' ? 'index.html' : `${route.slice(1)}.html`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, page);
}
rmSync(path.join(webDir, 'dist-ssr'), { recursive: true, force: true });
console.log(`prerendered ${pages.length} pages into dist/prerendered/`);
