import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { config } from '../../../config';
import { setConsent, useConsent } from '../../../lib/consent';
import { type ConsentedService, consentedServices } from '../../../public-config';

const SERVICE_NAMES: Record<ConsentedService, string> = {
  analytics: 'product analytics',
  'tag-manager': 'Google Tag Manager',
  'live-chat': 'a live-chat widget',
};

/** "a", "a and b", "a, b and c": the configured services in a sentence. */
export function serviceList(services: readonly ConsentedService[]): string {
  const names = services.map((service) => SERVICE_NAMES[service]);
  const last = names.pop() ?? '';
  return names.length > 0 ? `${names.join(', ')} and ${last}` : last;
}

/**
 * Asks once, and only when this build has something that needs consent (analytics, a tag manager
 * or live chat); the choice is kept in localStorage and can be changed on the cookie policy page.
 */
export function CookieBanner() {
  const consent = useConsent();
  const services = consentedServices(config);
  if (services.length === 0 || consent !== null) return null;
  return (
    <section
      aria-labelledby="cookie-banner-title"
      className="fixed inset-x-0 bottom-0 z-50 border-slate-200 border-t bg-white p-4 shadow-lg sm:inset-x-auto sm:right-4 sm:bottom-4 sm:max-w-md sm:rounded-2xl sm:border"
    >
      <h2 id="cookie-banner-title" className="font-semibold text-slate-900">
        Cookies and analytics
      </h2>
      <p className="mt-2 text-slate-600 text-sm">
        {services.includes('analytics') ? 'We would like to learn how the site is used, to make it better. ' : null}
        With your consent we load {serviceList(services)}, which store cookies in your browser; nothing is loaded or
        stored unless you accept. Read our{' '}
        <Link to="/cookies" className="font-medium text-indigo-600 underline">
          cookie policy
        </Link>
        .
      </p>
      <div className="mt-4 flex gap-3">
        <Button onClick={() => setConsent('accepted')}>Accept</Button>
        <Button variant="secondary" onClick={() => setConsent('declined')}>
          Decline
        </Button>
      </div>
    </section>
  );
}

/** For the cookie policy page: shows the current choice and lets the visitor change it. */
export function CookieChoice() {
  const consent = useConsent();
  const text =
    consent === 'accepted'
      ? 'You accepted analytics cookies.'
      : consent === 'declined'
        ? 'You declined analytics cookies.'
        : 'You have not chosen yet.';
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
      <p className="text-slate-700 text-sm">{text}</p>
      <Button variant="secondary" onClick={() => setConsent('accepted')} disabled={consent === 'accepted'}>
        Accept
      </Button>
      <Button variant="secondary" onClick={() => setConsent('declined')} disabled={consent === 'declined'}>
        Decline
      </Button>
    </div>
  );
}
