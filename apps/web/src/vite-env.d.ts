/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where the API lives; empty means the same origin as the page. */
  readonly PUBLIC_API_URL?: string;
  /** The public site address used for canonical links; falls back to PUBLIC_URL, then the page's origin. */
  readonly PUBLIC_SITE_URL?: string;
  /** The server's public address (API.md, Configuration). */
  readonly PUBLIC_URL?: string;
  /** Product analytics (posthog-js); unset, analytics is off and posthog-js is never downloaded. */
  readonly PUBLIC_POSTHOG_KEY?: string;
  readonly PUBLIC_POSTHOG_HOST?: string;
  /** Google Tag Manager container id (GTM-…); loaded only with the visitor's consent. */
  readonly PUBLIC_GTM_ID?: string;
  /** The live-chat widget's script URL (https); loaded only with the visitor's consent. */
  readonly PUBLIC_CHAT_SCRIPT_URL?: string;
  /** Extra https:// or wss:// origins the page CSP allows, comma-separated. */
  readonly PUBLIC_CSP_ORIGINS?: string;
  /** Set by the build (vite.config.ts) and written to dist/version.json. */
  readonly PUBLIC_BUILD_ID?: string;
}

/** The parsed PUBLIC_* variables (src/parse-public-config.ts), compiled in by vite.config.ts. */
declare const PLINTH_PUBLIC_CONFIG: import('./public-config').AppConfig;

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
