import { type AppConfig, parseConfig } from './public-config';

/** This build's public configuration, parsed once. Nothing else reads import.meta.env. */
export const config: AppConfig = parseConfig(
  import.meta.env,
  typeof window === 'undefined' ? '' : window.location.origin,
);
