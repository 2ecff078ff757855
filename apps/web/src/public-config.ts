import { z } from 'zod';

// Pages run under a CSP without 'unsafe-eval'; zod otherwise probes `new Function('')` to pick
// its fast path, which the browser reports as a violation. Set before any schema is parsed.
z.config({ jitless: true });

// The build-time public configuration (PUBLIC_* variables): parsed here, without side effects, so
// that the build (vite.config.ts) and the browser (./config.ts) read it the same way.

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

export interface AppConfig {
  /** Prefix of every API call; '' is the page's own origin. */
  readonly apiBaseUrl: string;
  /** Origin used for canonical links, without a trailing slash. */
  readonly siteUrl: string;
  /** Product analytics; '' (the default) leaves posthog-js unloaded. */
  readonly posthogKey: string;
  readonly posthogHost: string;
  /** Google Tag Manager container; '' loads no tag manager. */
  readonly tagManagerId: string;
  /** The live-chat widget's script (https); '' loads no chat. */
  readonly chatScriptUrl: string;
  /** Further origins the operator's third-party scripts need (PUBLIC_CSP_ORIGINS). */
  readonly extraOrigins: readonly string[];
}

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

/** A service this build loads only once the visitor accepts cookies. */
export type ConsentedService = 'analytics' | 'tag-manager' | 'live-chat';

/**
 * What the cookie banner asks about: the configured services that store cookies and load only with
 * consent (posthog-js, the tag manager, the chat widget). Empty, there is nothing to ask.
 *
 * @example consentedServices(parseConfig({ PUBLIC_GTM_ID: 'GTM-AB12CD' }, '')) // ['tag-manager']
 */
export function consentedServices(
  config: Pick<AppConfig, 'posthogKey' | 'tagManagerId' | 'chatScriptUrl'>,
): ConsentedService[] {
  const services: ConsentedService[] = [];
  if (config.posthogKey) services.push('analytics');
  if (config.tagManagerId) services.push('tag-manager');
  if (config.chatScriptUrl) services.push('live-chat');
  return services;
}

/** Where Google Tag Manager's script comes from. */
export const TAG_MANAGER_ORIGIN = 'https://www.googletagmanager.com';

/** The origins the page's Content-Security-Policy must allow, by directive, beyond 'self'. */
export interface PageOrigins {
  script: string[];
  connect: string[];
  img: string[];
  frame: string[];
}

/**
 * What the configured services need the page's CSP to allow: a cross-origin API, PostHog (its
 * API host, and the assets host it loads recordings and surveys from), the tag manager, the chat
 * widget, and any origins the operator adds. The build writes this to dist/csp.json for the server.
 */
export function pageOrigins(config: AppConfig): PageOrigins {
  const origins: PageOrigins = { script: [], connect: [], img: [], frame: [] };
  const add = (directives: Array<keyof PageOrigins>, origin: string) => {
    for (const directive of directives) {
      if (!origins[directive].includes(origin)) origins[directive].push(origin);
    }
  };
  if (config.apiBaseUrl) add(['connect', 'img'], new URL(config.apiBaseUrl).origin);
  if (config.posthogKey) {
    const host = new URL(config.posthogHost);
    add(['connect', 'script'], host.origin);
    // posthog-js loads its extensions from <region>-assets.i.posthog.com for PostHog Cloud.
    if (host.hostname.endsWith('.i.posthog.com')) {
      add(
        ['script', 'connect'],
        `${host.protocol}//${host.hostname.replace('.i.posthog.com', '-assets.i.posthog.com')}`,
      );
    }
  }
  if (config.tagManagerId) add(['script', 'img', 'connect'], TAG_MANAGER_ORIGIN);
  if (config.chatScriptUrl) {
    const chat = new URL(config.chatScriptUrl);
    add(['script', 'connect', 'img', 'frame'], chat.origin);
    add(['connect'], `wss://${chat.host}`);
  }
  for (const origin of config.extraOrigins) add(['script', 'connect', 'img', 'frame'], origin);
  return origins;
}
