import { MarketingPage } from '../features/marketing/components/marketing-page';

export function Component() {
  return (
    <MarketingPage
      meta={{
        title: 'Collaboration',
        description:
          'Roles, reviews, approvals, scheduled publishing and full version history: how content teams work together in Plinth.',
      }}
      eyebrow="Collaboration"
      title="Content teams that ship together"
      intro={
        <p>
          Writers, editors, translators and developers work on the same content without stepping on each other. Clear
          roles, a review workflow and full history keep quality high as your team grows, with unlimited users on every
          plan.
        </p>
      }
      features={[
        {
          title: 'Five clear roles',
          text: 'Owners, admins, editors, authors and viewers each get exactly the access they need, per project.',
        },
        {
          title: 'Reviews and approvals',
          text: 'Authors submit drafts for review; editors approve or send them back with a comment. Everyone sees where each piece stands.',
        },
        {
          title: 'Scheduled publishing',
          text: 'Set a publish and unpublish time on any document. Launches and embargoes happen on time, without anyone awake at 3 a.m.',
        },
        {
          title: 'Version history',
          text: 'Every save is a version. Compare any two field by field, and restore an older one in a click.',
        },
        {
          title: 'Audit trail',
          text: 'See who changed what and when, across documents, media, members, tokens and settings.',
        },
        {
          title: 'Invite by email',
          text: 'Add members by email address; people without an account get an invitation and join with the role you chose.',
        },
      ]}
      highlights={[
        {
          title: 'Drafts stay drafts',
          text: 'Published content is a snapshot. Editing a live page changes the working copy only, until the next publish.',
          points: [
            'Readers keep getting the published version while you edit',
            'Preview drafts with a preview token before they go live',
            'Unpublish in one step if something needs another look',
          ],
        },
        {
          title: 'Made for multilingual teams',
          text: 'Localized fields hold one value per locale, so translators work in parallel with writers.',
          points: [
            'English, Spanish, French and Chinese out of the box',
            'Missing translations fall back to the default locale',
            'The AI assistant fills first translations for review',
          ],
        },
      ]}
    />
  );
}
