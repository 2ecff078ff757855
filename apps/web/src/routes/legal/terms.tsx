import { Link } from 'react-router';
import { LegalPage } from '../../features/marketing/components/legal-page';

export function Component() {
  return (
    <LegalPage
      title="Terms of Service"
      description="The terms that govern your use of the Plinth website and headless CMS service."
      updated="1 November 2026"
      intro={
        <p>
          These terms are an agreement between you (or the organisation you represent) and Plinth for the use of the
          Plinth service and website. By creating an account or using the service you accept them.
        </p>
      }
      sections={[
        {
          title: 'Your account',
          body: (
            <p>
              You must give accurate information, keep your password and API tokens secret, and tell us at once about
              any unauthorised use. You are responsible for activity under your account and your project tokens.
            </p>
          ),
        },
        {
          title: 'Your content',
          body: (
            <p>
              You keep all rights to the content you store in Plinth. You grant us only the permissions needed to host,
              process and deliver it as you instruct. You are responsible for having the rights to the content you
              upload.
            </p>
          ),
        },
        {
          title: 'Acceptable use',
          body: (
            <p>
              Do not use Plinth to break the law, infringe others’ rights, distribute malware, send spam, or probe,
              overload or disrupt the service or other customers’ projects.
            </p>
          ),
        },
        {
          title: 'Plans, fees and limits',
          body: (
            <p>
              The Starter plan is free and includes 1,000 API requests per month and 100 MB of media storage. Pro costs
              $29 per month per project. Enterprise terms are agreed with our sales team. Fees are billed in advance and
              are non-refundable except where the law says otherwise. Usage beyond a plan’s limits may be refused until
              the next period or an upgrade. See{' '}
              <Link to="/pricing" className="text-indigo-600 underline">
                Pricing
              </Link>
              .
            </p>
          ),
        },
        {
          title: 'Availability and changes',
          body: (
            <p>
              We work to keep the service available around the clock and publish its status openly. We may improve or
              change features; we will give notice before removing a feature you depend on.
            </p>
          ),
        },
        {
          title: 'Limitation of liability',
          body: (
            <p>
              To the extent the law allows, Plinth is not liable for indirect or consequential losses, such as lost
              profits or data, and our total liability for any claim related to the service is limited to the fees you
              paid us in the twelve months before the event that gave rise to the claim.
            </p>
          ),
        },
        {
          title: 'Termination',
          body: (
            <p>
              You can close your account at any time. We may suspend or close accounts that break these terms. After
              closure you can export your content for 30 days before it is deleted.
            </p>
          ),
        },
        {
          title: 'Contact',
          body: (
            <p>
              Questions about these terms? Reach us through the{' '}
              <Link to="/contact" className="text-indigo-600 underline">
                contact page
              </Link>
              .
            </p>
          ),
        },
      ]}
    />
  );
}
