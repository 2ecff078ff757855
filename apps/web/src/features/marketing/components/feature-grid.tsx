export interface Feature {
  title: string;
  text: string;
}

export const CORE_FEATURES: Feature[] = [
  {
    title: 'Visual drag-and-drop editor',
    text: 'Editors arrange pages from reusable blocks and see the result before it goes live, without waiting for a developer.',
  },
  {
    title: 'REST and GraphQL delivery',
    text: 'Every collection gets typed REST endpoints and a GraphQL schema the moment you save the model.',
  },
  {
    title: 'SDKs for your stack',
    text: 'JavaScript, React, Vue, Next.js, Nuxt, Python, PHP, Ruby, Go and .NET, with types generated from your model.',
  },
  {
    title: 'Multilingual content',
    text: 'Localize any field in English, Spanish, French and Chinese, and publish each locale when it is ready.',
  },
  {
    title: 'Workflows and scheduling',
    text: 'Drafts, reviews and approvals keep quality high; scheduled publishing lets launches happen on time, even at 3 a.m.',
  },
  {
    title: 'AI assistant',
    text: 'Generate first drafts, translate entries, get SEO suggestions and personalize copy, always as reviewable changes.',
  },
  {
    title: 'Media library with CDN',
    text: 'Upload images and files once; resize, crop and deliver them fast from the edge.',
  },
  {
    title: 'Roles, permissions and SSO',
    text: 'Give owners, admins, editors, authors and viewers exactly the access they need. Unlimited users on every plan.',
  },
  {
    title: 'Version history and audit trail',
    text: 'Every save is kept. Compare versions, restore an older one and see who changed what, and when.',
  },
  {
    title: 'Webhooks',
    text: 'Rebuild your site, refresh a cache or notify a channel when content changes, with signed, retried deliveries.',
  },
];

export function FeatureGrid({ features }: { features: Feature[] }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {features.map((feature) => (
        <li key={feature.title} className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <h3 className="font-semibold text-slate-900">{feature.title}</h3>
          <p className="mt-2 text-slate-600 text-sm leading-6">{feature.text}</p>
        </li>
      ))}
    </ul>
  );
}
