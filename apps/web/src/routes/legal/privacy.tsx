import { Link } from 'react-router';
import { LegalPage } from '../../features/marketing/components/legal-page';

export function Component() {
  return (
    <LegalPage
      title="Privacy Policy"
      description="How Plinth collects, uses and protects personal data, and the choices and rights you have."
      updated="1 November 2026"
      intro={
        <p>
          This policy explains what personal data Plinth collects when you visit our website or use the Plinth service,
          why we collect it, and how you can control it. Content you store in your projects belongs to you; we process
          it only to provide the service.
        </p>
      }
      sections={[
        {
          title: 'Data we collect',
          body: (
            <ul className="list-disc space-y-1 pl-5">
              <li>Account data: your name, email address, company and password (stored only as a one-way hash).</li>
              <li>Messages you send us through the contact and support forms.</li>
              <li>
                Usage data: API request counts, error rates and the pages of the app you use, to run and improve the
                service.
              </li>
              <li>Technical data: IP address, browser type and device information recorded in security logs.</li>
              <li>
                Analytics data, only if you accept analytics cookies (see our{' '}
                <Link to="/cookies" className="text-indigo-600 underline">
                  Cookie Policy
                </Link>
                ).
              </li>
            </ul>
          ),
        },
        {
          title: 'How we use it',
          body: (
            <p>
              We use personal data to provide and secure the service, answer your requests, send account and security
              emails, bill paid plans and, with your consent, understand how the product is used. We never sell personal
              data.
            </p>
          ),
        },
        {
          title: 'Legal bases',
          body: (
            <p>
              We process data to perform our contract with you, to meet legal obligations, for our legitimate interest
              in keeping the service secure and reliable, and with your consent for analytics, which you can withdraw at
              any time.
            </p>
          ),
        },
        {
          title: 'Sharing and processors',
          body: (
            <p>
              We share data only with service providers that help us run Plinth (hosting, email delivery, payment
              processing, analytics), under agreements that require them to protect it, or when the law requires us to.
            </p>
          ),
        },
        {
          title: 'Retention',
          body: (
            <p>
              We keep account data while your account is open and delete it within 90 days after you close it, except
              where the law requires us to keep records longer (for example invoices). Security logs are kept for up to
              12 months.
            </p>
          ),
        },
        {
          title: 'Your rights',
          body: (
            <p>
              You can access, correct, export or delete your personal data, object to or restrict its processing, and
              complain to your data protection authority. To exercise these rights, write to us through the{' '}
              <Link to="/contact" className="text-indigo-600 underline">
                contact page
              </Link>
              .
            </p>
          ),
        },
        {
          title: 'Security',
          body: (
            <p>
              Data is encrypted in transit, passwords are hashed with Argon2id, access to production systems is limited
              and logged, and sessions can be revoked at once.
            </p>
          ),
        },
        {
          title: 'Children',
          body: (
            <p>
              Plinth is a professional tool and is not directed at children under 16. We do not knowingly collect
              personal data from children under 16; if you believe a child has given us personal data, contact us and we
              will delete it.
            </p>
          ),
        },
        {
          title: 'Changes to this policy',
          body: (
            <p>
              We will post any change on this page and, for significant changes, tell account holders by email before
              the change takes effect.
            </p>
          ),
        },
      ]}
    />
  );
}
