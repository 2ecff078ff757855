import type { AppConfig } from './public-config';

/**
 * This build's public configuration: the PUBLIC_* variables as vite.config.ts parsed and checked
 * them, compiled in. Without a site URL, canonical links use the page's own origin.
 */
export const config: AppConfig = Object.freeze({
  ...PLINTH_PUBLIC_CONFIG,
  siteUrl: PLINTH_PUBLIC_CONFIG.siteUrl || (typeof window === 'undefined' ? '' : window.location.origin),
});
