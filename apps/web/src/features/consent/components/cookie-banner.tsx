import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { setConsent, useConsent } from '../../../lib/consent';

/** Asks once; the choice is kept in localStorage and can be changed on the cookie policy page. */
export function CookieBanner() {
  const consent = useConsent();
  if (consent !== null) return null;
  return (
    <section
      aria-labelledby="cookie-banner-title"
      className="fixed inset-x-0 bottom-0 z-50 border-slate-200 border-t bg-white p-4 shadow-lg sm:inset-x-auto sm:right-4 sm:bottom-4 sm:max-w-md sm:rounded-2xl sm:border"
    >
      <h2 id="cookie-banner-title" className="font-semibold text-slate-900">
        Cookies and analytics
      </h2>
      <p className="mt-2 text-slate-600 text-sm">
        We use a product-analytics cookie to learn how the site is used and make it better. It is only stored if you
        accept. Read our{' '}
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
