// The build-time public configuration (PUBLIC_* variables) as the app reads it, and what follows
// from it. The build parses and checks the variables (./parse-public-config.ts, in vite.config.ts)
// and compiles the result in, so the browser carries no validator for them.

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
