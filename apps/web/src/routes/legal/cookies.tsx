import { config } from '../../config';
import { CookieChoice, serviceList } from '../../features/consent/components/cookie-banner';
import { LegalPage } from '../../features/marketing/components/legal-page';
import { type ConsentedService, consentedServices } from '../../public-config';

interface StoredItem {
  name: string;
  purpose: string;
  kind: string;
  lasts: string;
}

const NECESSARY: StoredItem[] = [
  {
    name: 'Session storage (plinth.*)',
    purpose: 'Keeps you signed in to the app',
    kind: 'Strictly necessary',
    lasts: 'Until you sign out',
  },
  { name: 'Locale', purpose: 'Remembers your language', kind: 'Preferences', lasts: '365 days' },
];

const CONSENT_CHOICE: StoredItem = {
  name: 'Cookie consent',
  purpose: 'Remembers whether you accepted or declined analytics',
  kind: 'Strictly necessary',
  lasts: 'Until you change it',
};

const WITH_CONSENT: Record<ConsentedService, StoredItem> = {
  analytics: {
    name: 'Product analytics',
    purpose: 'Helps us understand which features are used',
    kind: 'Analytics (only with consent)',
    lasts: '365 days',
  },
  'tag-manager': {
    name: 'Google Tag Manager',
    purpose: 'Loads the measurement tags we configure',
    kind: 'Analytics (only with consent)',
    lasts: 'As set by each tag',
  },
  'live-chat': {
    name: 'Live chat',
    purpose: 'Lets you write to our team from any page',
    kind: 'Functional (only with consent)',
    lasts: 'As set by the chat provider',
  },
};

export function Component() {
  // Built into the pages: a build without analytics, tag manager or chat has nothing to ask about.
  const services = consentedServices(config);
  const hasChoice = services.length > 0;
  const stored = hasChoice
    ? [...NECESSARY, CONSENT_CHOICE, ...services.map((service) => WITH_CONSENT[service])]
    : NECESSARY;
  return (
    <LegalPage
      title="Cookie Policy"
      description="Which cookies and similar technologies Plinth uses, why, and how you can control them."
      updated="1 November 2026"
      intro={
        <p>
          Cookies are small files a website stores in your browser; similar technologies such as local storage work the
          same way. We use as few as we can, and analytics only with your consent.
        </p>
      }
      sections={[
        {
          title: 'What we use',
          body: (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Cookies and storage used by Plinth</caption>
                <thead>
                  <tr className="border-slate-200 border-b">
                    <th scope="col" className="py-2 pr-4 font-semibold">
                      Name
                    </th>
                    <th scope="col" className="py-2 pr-4 font-semibold">
                      Purpose
                    </th>
                    <th scope="col" className="py-2 pr-4 font-semibold">
                      Type
                    </th>
                    <th scope="col" className="py-2 font-semibold">
                      Duration
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {stored.map((cookie) => (
                    <tr key={cookie.name} className="border-slate-100 border-b align-top">
                      <td className="py-2 pr-4">{cookie.name}</td>
                      <td className="py-2 pr-4">{cookie.purpose}</td>
                      <td className="py-2 pr-4">{cookie.kind}</td>
                      <td className="py-2">{cookie.lasts}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ),
        },
        {
          title: 'Your choices',
          body: hasChoice ? (
            <>
              <p>
                When you first visit, you can accept or decline analytics. If you decline, analytics never starts. If
                you make no choice, nothing is captured. You can change your mind at any time here:
              </p>
              <CookieChoice />
            </>
          ) : (
            <p>
              There is nothing to choose. This site uses no analytics, tag manager or live chat, so it stores nothing
              for them in your browser and does not ask for your consent. Only the sign-in session and the language
              preference listed above are kept.
            </p>
          ),
        },
        {
          title: 'Third parties',
          body: hasChoice ? (
            <p>We load {serviceList(services)} only once you have accepted. We do not use advertising cookies.</p>
          ) : (
            <p>We load no third-party scripts and use no advertising cookies.</p>
          ),
        },
      ]}
    />
  );
}
