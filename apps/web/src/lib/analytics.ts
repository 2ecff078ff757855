import type { PostHog, PostHogConfig } from 'posthog-js';
import type { Consent } from './consent';

/** Analytics never runs on a development machine. */
export function isLocalHost(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    hostname === '0.0.0.0' ||
    hostname === '[::1]' ||
    hostname === '::1' ||
    /^127(?:\.\d{1,3}){3}$/.test(hostname)
  );
}

/**
 * PostHog's options (PRODUCT-SPEC §9). Without consent, capturing is off and nothing is stored
 * beyond the page (memory persistence); accepting turns both on. The 60 s request timeout and the
 * 24 h maximum session length are posthog-js's own fixed values (request.ts, sessionid.ts).
 */
export function posthogOptions(consent: Consent, apiHost: string): Partial<PostHogConfig> {
  const accepted = consent === 'accepted';
  return {
    api_host: apiHost,
    person_profiles: 'identified_only',
    opt_out_capturing_by_default: !accepted,
    persistence: accepted ? 'localStorage+cookie' : 'memory',
    session_idle_timeout_seconds: 1800,
    cookie_expiration: 365,
    feature_flag_request_timeout_ms: 3000,
    surveys_request_timeout_ms: 10_000,
    properties_string_max_length: 65_535,
    capture_pageview: 'history_change',
  };
}

export type AnalyticsClient = Pick<
  PostHog,
  'init' | 'opt_in_capturing' | 'opt_out_capturing' | 'identify' | 'reset' | 'set_config'
>;

export interface AnalyticsOptions {
  /** PUBLIC_POSTHOG_KEY; empty turns analytics off. */
  key: string;
  apiHost: string;
  hostname: string;
  /** Loads posthog-js on demand, so that nobody who declines ever downloads it. */
  load: () => Promise<AnalyticsClient>;
}

/**
 * Follows the visitor's consent and session: declined never starts analytics (and stops it if it
 * was running), accepted starts it opted in, absent starts it without capturing. Person profiles
 * are made only for identified users, and users are identified only with consent.
 */
export function createAnalytics(options: AnalyticsOptions) {
  const isEnabled = Boolean(options.key) && !isLocalHost(options.hostname);
  let client: Promise<AnalyticsClient> | null = null;
  let identified: string | null = null;

  async function update(consent: Consent, userId: string | null): Promise<void> {
    if (!isEnabled) return;
    if (consent === 'declined') {
      if (client) (await client).opt_out_capturing();
      return;
    }
    if (!client) {
      client = options.load().then((posthog) => {
        posthog.init(options.key, posthogOptions(consent, options.apiHost));
        return posthog;
      });
    } else if (consent === 'accepted') {
      const posthog = await client;
      posthog.set_config({ persistence: 'localStorage+cookie' });
      posthog.opt_in_capturing();
    }
    const posthog = await client;
    if (consent === 'accepted' && userId && identified !== userId) {
      posthog.identify(userId);
      identified = userId;
    } else if (!userId && identified) {
      posthog.reset();
      identified = null;
    }
  }

  return { isEnabled, update };
}
