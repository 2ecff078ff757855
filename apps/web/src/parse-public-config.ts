import { z } from 'zod';
import type { AppConfig } from './public-config';

// The build reads the PUBLIC_* variables through this schema (vite.config.ts): a value that would load
// something unexpected fails the build instead of a visitor's page.

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => value.replace(/\/+$/, ''))
  .pipe(z.union([z.literal(''), z.url()]))
  .optional();

const optionalHttpsUrl = z
  .string()
  .trim()
  .pipe(z.union([z.literal(''), z.url({ protocol: /^https$/ })]))
  .optional();

const EnvSchema = z.object({
  PUBLIC_API_URL: optionalUrl,
  PUBLIC_SITE_URL: optionalUrl,
  PUBLIC_URL: optionalUrl,
  PUBLIC_POSTHOG_KEY: z.string().trim().optional(),
  PUBLIC_POSTHOG_HOST: optionalUrl,
  PUBLIC_GTM_ID: z
    .string()
    .trim()
    .regex(/^(GTM-[A-Z0-9]+)?$/, 'a Google Tag Manager container id such as GTM-AB12CD')
    .optional(),
  PUBLIC_CHAT_SCRIPT_URL: optionalHttpsUrl,
  PUBLIC_CSP_ORIGINS: z
    .string()
    .trim()
    .regex(
      /^((https|wss):\/\/[a-z0-9.*-]+(:\d+)?)?(\s*,\s*(https|wss):\/\/[a-z0-9.*-]+(:\d+)?)*$/i,
      'comma-separated https:// or wss:// origins',
    )
    .optional(),
});

export function parseConfig(env: Record<string, unknown>, pageOrigin: string): AppConfig {
  const parsed = EnvSchema.parse(env);
  return Object.freeze({
    apiBaseUrl: parsed.PUBLIC_API_URL ?? '',
    siteUrl: parsed.PUBLIC_SITE_URL || parsed.PUBLIC_URL || pageOrigin,
    posthogKey: parsed.PUBLIC_POSTHOG_KEY ?? '',
    posthogHost: parsed.PUBLIC_POSTHOG_HOST || 'https://us.i.posthog.com',
    tagManagerId: parsed.PUBLIC_GTM_ID ?? '',
    chatScriptUrl: parsed.PUBLIC_CHAT_SCRIPT_URL ?? '',
    extraOrigins: Object.freeze(
      (parsed.PUBLIC_CSP_ORIGINS ?? '')
        .split(',')
        .map((origin) => origin.trim().toLowerCase())
        .filter(Boolean),
    ),
  });
}
