import { useEffect, useRef } from 'react';
import { config } from '../config';
import { createAnalytics } from '../lib/analytics';
import { useSession } from '../lib/auth';
import { useConsent } from '../lib/consent';
import { createThirdPartyScripts } from '../lib/third-party-scripts';

/**
 * Keeps analytics, the live chat and the tag manager in step with the cookie choice and the
 * signed-in user. Renders nothing.
 */
export function AnalyticsTracker() {
  const consent = useConsent();
  const { user } = useSession();
  const analytics = useRef<ReturnType<typeof createAnalytics> | null>(null);
  const scripts = useRef<ReturnType<typeof createThirdPartyScripts> | null>(null);
  const userId = user?.id ?? null;
  useEffect(() => {
    // Created here, in the browser only (never while prerendering).
    analytics.current ??= createAnalytics({
      key: config.posthogKey,
      apiHost: config.posthogHost,
      hostname: window.location.hostname,
      load: () => import('posthog-js').then((module) => module.default),
    });
    analytics.current.update(consent, userId).catch(() => undefined);
  }, [consent, userId]);
  useEffect(() => {
    scripts.current ??= createThirdPartyScripts({
      tagManagerId: config.tagManagerId,
      chatScriptUrl: config.chatScriptUrl,
      hostname: window.location.hostname,
      document,
      reload: () => window.location.reload(),
    });
    scripts.current.update(consent);
  }, [consent]);
  return null;
}
