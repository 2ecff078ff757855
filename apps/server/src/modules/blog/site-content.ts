/** The first posts of the product blog, seeded into the built-in site project. */
export const SITE_CATEGORIES = [
  { name: 'Product', slug: 'product', description: 'What is new in Plinth and why we built it.' },
  { name: 'Engineering', slug: 'engineering', description: 'How Plinth works under the hood.' },
  { name: 'Guides', slug: 'guides', description: 'Step-by-step help for common content tasks.' },
] as const;

export const SITE_POSTS: readonly {
  title: string;
  category: (typeof SITE_CATEGORIES)[number]['slug'];
  author: string;
  excerpt: string;
  body: string;
}[] = [
  {
    title: 'Introducing Plinth: a headless CMS that stays out of your way',
    category: 'product',
    author: 'The Plinth team',
    excerpt:
      'Model your content once, edit it with your team, and deliver it to any site or app over REST and GraphQL.',
    body: `<p>Plinth is a headless content management system for developers and content teams. You describe your content as collections of typed fields, your editors write and review it in a clean web app, and your sites and apps read it over a fast REST or GraphQL API.</p>
<h2>One process to start, many when you grow</h2>
<p>Run <code>npm install &amp;&amp; npm start</code> and everything is served from one Node.js process with SQLite. When traffic grows, point Plinth at PostgreSQL, add Redis, and run as many API and worker processes as you need.</p>
<h2>Built for teams</h2>
<p>Roles per project, drafts and published snapshots, version history with diffs, approval workflows and scheduled publishing come included, on every plan, with unlimited members.</p>`,
  },
  {
    title: 'How published snapshots keep your site consistent',
    category: 'engineering',
    author: 'Engineering',
    excerpt:
      'Editing a published entry never changes what readers see until you publish again. Here is how that works.',
    body: `<p>Every document in Plinth has a working copy and, once published, a snapshot taken at publish time. Editors change the working copy as much as they like; API tokens with the <code>content:read</code> scope keep receiving the snapshot until the next publish.</p>
<p>The same rule applies to lists, filters, full-text search and references: a reader of published content never sees a draft, not even through a populated reference.</p>
<h2>Why snapshots and not flags</h2>
<p>A flag on the row would make every edit visible at once. A snapshot lets a team prepare changes, review them, and release them together, while delivery stays fast: published answers are cached and invalidated only when something is published.</p>`,
  },
  {
    title: 'Modelling content: collections, components and references',
    category: 'guides',
    author: 'Developer relations',
    excerpt: 'A practical tour of field types, reusable components and references between collections.',
    body: `<p>Start with the things your site shows: articles, authors, products. Each becomes a collection with typed fields such as text, rich text, numbers, dates, media and references.</p>
<h2>Reusable blocks</h2>
<p>Components are groups of fields you reuse inside a <em>blocks</em> field, so editors can compose a page from a hero, a quote and an image gallery in any order.</p>
<h2>References</h2>
<p>A reference field points at documents of another collection. Lists can filter through it, for example <code>filter[author.name][eq]=Ada</code>, and <code>populate=author</code> returns the referenced document in the same request.</p>`,
  },
  {
    title: 'Webhooks you can trust: signed, retried and never lost',
    category: 'engineering',
    author: 'Engineering',
    excerpt: 'Events are recorded in the same transaction as the change that causes them, then delivered with retries.',
    body: `<p>When a document is published, Plinth writes the event in the same database transaction as the publish itself. A worker then delivers it with an HMAC-SHA256 signature over the timestamp and the raw body, and retries with growing delays when your endpoint is down.</p>
<p>Every attempt is logged with its status, duration and the start of the answer, and you can redeliver any event from the dashboard. Receivers can deduplicate on the delivery id, which stays the same across retries.</p>`,
  },
  {
    title: 'Going multilingual with localized fields',
    category: 'guides',
    author: 'Developer relations',
    excerpt: 'Mark a field as localized and Plinth keeps one value per locale, with fallback to your default locale.',
    body: `<p>Plinth ships with English, Spanish, French and Chinese. Mark a field as <em>localized</em> and each locale gets its own value; shared fields such as prices or dates stay shared.</p>
<p>Read with <code>?locale=es</code> and missing translations fall back to the default locale, so a page is never empty. Use <code>?locale=*</code> when you need every translation at once, for example to build a language switcher.</p>`,
  },
];
