import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { loadEnv, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { KNOWN_PATHS, KNOWN_PREFIXES } from './src/app/paths.ts';
import { parseConfig } from './src/parse-public-config.ts';
import { type AppConfig, pageOrigins } from './src/public-config.ts';

/** Writes dist/routes.json: the server answers paths outside it with the app's 404 page and status 404. */
function routesManifest(): Plugin {
  return {
    name: 'plinth-routes-manifest',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'routes.json',
        source: `${JSON.stringify({ paths: KNOWN_PATHS, prefixes: KNOWN_PREFIXES }, null, 2)}\n`,
      });
    },
  };
}

/**
 * Writes dist/csp.json: the origins this build's configured services (cross-origin API, analytics,
 * tag manager, live chat) need the pages' Content-Security-Policy to allow; the server adds them.
 */
function contentSecurityManifest(config: AppConfig): Plugin {
  return {
    name: 'plinth-csp-manifest',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    generateBundle() {
      const origins = pageOrigins(config);
      this.emitFile({ type: 'asset', fileName: 'csp.json', source: `${JSON.stringify(origins, null, 2)}\n` });
    },
  };
}

/**
 * Gives each build an id, compiled into the app (PUBLIC_BUILD_ID) and written to dist/version.json,
 * which the server serves uncached: the running app compares the two every hour.
 */
function buildVersion(buildId: string): Plugin {
  return {
    name: 'plinth-build-version',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    config: () => ({ define: { 'import.meta.env.PUBLIC_BUILD_ID': JSON.stringify(buildId) } }),
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'version.json',
        source: `${JSON.stringify({ build_id: buildId, built_at: new Date().toISOString() })}\n`,
      });
    },
  };
}

/**
 * Writes .br and .gz beside each script and stylesheet, which the server sends to browsers that
 * accept them (@fastify/static `preCompressed`), so nothing is compressed per request.
 */
function precompress(): Plugin {
  return {
    name: 'plinth-precompress',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    // After the files are written: other plugins still rewrite chunks in generateBundle.
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|svg|json)$/.test(fileName)) continue;
        const bytes = readFileSync(path.join(dir, fileName));
        if (bytes.length < 1024) continue;
        const brotli = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
        writeFileSync(path.join(dir, `${fileName}.br`), brotli);
        writeFileSync(path.join(dir, `${fileName}.gz`), gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

const buildId = process.env.PLINTH_BUILD_ID || `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;

// Vite builds the browser app into dist/; the server's web module serves it (apps/server/src/modules/web).
// `vite build --ssr` builds src/entry-server.tsx into dist-ssr/ for scripts/prerender.mjs.
// Variables prefixed PUBLIC_ are the only ones that reach the browser (see src/config.ts).
export default defineConfig(({ isSsrBuild, mode }) => {
  // Checked here, so a bad PUBLIC_* value fails the build; the app gets the parsed result.
  const publicConfig = parseConfig(loadEnv(mode, process.cwd(), 'PUBLIC_'), '');
  return {
    define: { PLINTH_PUBLIC_CONFIG: JSON.stringify(publicConfig) },
    plugins: [
      react(),
      tailwindcss(),
      routesManifest(),
      contentSecurityManifest(publicConfig),
      buildVersion(buildId),
      precompress(),
    ],
    envPrefix: 'PUBLIC_',
    // Recharts reads elements with react-is, which must be React 19's (the repository root also
    // holds react-is 17, for pretty-format).
    resolve: { dedupe: ['react-is'] },
    server: {
      // `npm run dev -w apps/web` proxies the API and media files to the server started with
      // `npm start`, or to PLINTH_DEV_API_URL (a server on another port).
      proxy: Object.fromEntries(
        ['/api', '/media'].map((prefix) => [prefix, process.env.PLINTH_DEV_API_URL ?? 'http://localhost:3000']),
      ),
    },
    build: isSsrBuild
      ? { outDir: 'dist-ssr', emptyOutDir: true, sourcemap: false, copyPublicDir: false }
      : { outDir: 'dist', assetsDir: 'assets', sourcemap: true },
    test: {
      name: 'web',
      environment: 'happy-dom',
      // Pages add third-party <script> tags; the DOM never fetches them, and says nothing about it.
      environmentOptions: { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: true } } },
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['src/test/setup.ts'],
      restoreMocks: true,
      // As the root config: a test typing a whole form runs longer when CI runs other suites beside it.
      testTimeout: 20_000,
    },
  };
});
