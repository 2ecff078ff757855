import { MarketingPage } from '../features/marketing/components/marketing-page';

export function Component() {
  return (
    <MarketingPage
      meta={{
        title: 'AI assistant',
        description:
          'Draft, translate and optimize content with Plinth’s AI assistant: first drafts, translations, SEO checks and personalization, always reviewable.',
      }}
      eyebrow="AI assistant"
      title="An AI assistant that works inside your content model"
      intro={
        <p>
          Plinth’s assistant knows your collections, fields and locales. It drafts copy, translates entries and checks
          SEO, and every suggestion arrives as an unpublished change your team reviews before it goes live.
        </p>
      }
      features={[
        {
          title: 'First drafts in seconds',
          text: 'Describe what you need and get a draft for any text or rich-text field, in the tone and length you choose, streamed as it is written.',
        },
        {
          title: 'Translation across locales',
          text: 'Translate a document from its source locale into English, Spanish, French or Chinese. Only localized fields change, and only as drafts.',
        },
        {
          title: 'SEO checks and suggestions',
          text: 'Measured checks on titles, descriptions, headings and length, with suggested meta titles, descriptions and keywords.',
        },
        {
          title: 'Personalization',
          text: 'Write variants of a headline or call to action for different audiences and keep them side by side in your model.',
        },
        {
          title: 'Your model, your provider',
          text: 'Connect any OpenAI-compatible endpoint, including self-hosted models, so your content stays where your policies require.',
        },
        {
          title: 'Humans stay in charge',
          text: 'Nothing the assistant writes is published on its own. Reviews, approvals and version history apply as for any edit.',
        },
      ]}
      highlights={[
        {
          title: 'Built for editorial teams',
          text: 'The assistant sits next to each field in the editor, so writers use it where they already work.',
          points: [
            'Generate, shorten or rephrase a field without leaving the document',
            'Fill missing translations in one step before a launch',
            'See the SEO score of a page before you publish it',
          ],
        },
        {
          title: 'Safe by design',
          text: 'AI features follow the same permissions as the rest of Plinth.',
          points: [
            'Only members who may edit a document can ask the assistant to change it',
            'Every AI change is a new version you can compare and restore',
            'Without a configured model, SEO checks still run and nothing is sent anywhere',
          ],
        },
      ]}
    />
  );
}
