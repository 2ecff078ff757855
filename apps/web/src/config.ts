import { z } from 'zod';

// Build-time public configuration, parsed once. Nothing else reads import.meta.env.
const optionalUrl = z
  .string()
  .trim()
  .transform((value) => value.replace(/\/+$/, ''))
  .pipe(z.union([z.literal(''), z.url()]))
  .optional();

const EnvSchema = z.object({
  PUBLIC_API_URL: optionalUrl,
  PUBLIC_SITE_URL: optionalUrl,
  PUBLIC_URL: optionalUrl,
  PUBLIC_POSTHOG_KEY: z.string().trim().optional(),
  PUBLIC_POSTHOG_HOST: optionalUrl,
});

export interface AppConfig {
  /** Prefix of every API call; '' is the page's own origin. */
  readonly apiBaseUrl: string;
  /** Origin used for canonical links, without a trailing slash. */
  readonly siteUrl: string;
  /** Product analytics; '' (the default) leaves posthog-js unloaded. */
  readonly posthogKey: string;
  readonly posthogHost: string;
}

export function parseConfig(env: Record<string, unknown>, pageOrigin: string): AppConfig {
  const parsed = EnvSchema.parse(env);
  return Object.freeze({
    apiBaseUrl: parsed.PUBLIC_API_URL ?? '',
    siteUrl: parsed.PUBLIC_SITE_URL || parsed.PUBLIC_URL || pageOrigin,
    posthogKey: parsed.PUBLIC_POSTHOG_KEY ?? '',
    posthogHost: parsed.PUBLIC_POSTHOG_HOST || 'https://us.i.posthog.com',
  });
}

export const config: AppConfig = parseConfig(
  import.meta.env,
  typeof window === 'undefined' ? '' : window.location.origin,
);
