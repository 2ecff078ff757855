import { CookieChoice } from '../../features/consent/components/cookie-banner';
import { LegalPage } from '../../features/marketing/components/legal-page';

const COOKIES = [
  {
    name: 'Session storage (plinth.*)',
    purpose: 'Keeps you signed in to the app',
    kind: 'Strictly necessary',
    lasts: 'Until you sign out',
  },
  {
    name: 'Cookie consent',
    purpose: 'Remembers whether you accepted or declined analytics',
    kind: 'Strictly necessary',
    lasts: 'Until you change it',
  },
  { name: 'Locale', purpose: 'Remembers your language', kind: 'Preferences', lasts: '365 days' },
  {
    name: 'Product analytics',
    purpose: 'Helps us understand which features are used',
    kind: 'Analytics (only with consent)',
    lasts: '365 days',
  },
];

export function Component() {
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
                  {COOKIES.map((cookie) => (
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
          body: (
            <>
              <p>
                When you first visit, you can accept or decline analytics. If you decline, analytics never starts. If
                you make no choice, nothing is captured. You can change your mind at any time here:
              </p>
              <CookieChoice />
            </>
          ),
        },
        {
          title: 'Third parties',
          body: (
            <p>
              Analytics, live chat and tag-manager scripts are loaded only when they are configured and you have
              consented. We do not use advertising cookies.
            </p>
          ),
        },
      ]}
    />
  );
}
