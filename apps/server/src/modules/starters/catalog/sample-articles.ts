import type { Translated } from '../starter-plan.js';

/** Sample writing shared by the blog starter and the demo: people, topics and articles. */

export interface SampleAuthor {
  key: string;
  name: string;
  bio: Translated;
  website: string;
}

export interface SampleCategory {
  key: string;
  name: Translated;
  description: Translated;
}

export interface SampleArticle {
  key: string;
  title: Translated;
  excerpt: Translated;
  /** Paragraphs of plain text (written as `<p>` elements). */
  paragraphs: Translated<readonly string[]>;
  /** An optional pull quote. */
  quote?: { text: string; attribution: string };
  author: string;
  categories: readonly string[];
  /** YYYY-MM-DD. */
  date: string;
}

export const AUTHORS: readonly SampleAuthor[] = [
  {
    key: 'ada',
    name: 'Ada Okafor',
    bio: {
      en: 'Editor in chief. Writes about content strategy and the teams behind it.',
      es: 'Redactora jefa. Escribe sobre estrategia de contenidos y los equipos que la hacen posible.',
      fr: 'Rédactrice en chef. Écrit sur la stratégie de contenu et les équipes qui la portent.',
      zh: '主编。撰写内容策略以及背后团队的文章。',
    },
    website: 'https://example.com/ada',
  },
  {
    key: 'mateo',
    name: 'Mateo Silva',
    bio: {
      en: 'Front-end developer who likes fast pages and plain HTML.',
      es: 'Desarrollador front-end al que le gustan las páginas rápidas y el HTML sencillo.',
      fr: 'Développeur front-end qui aime les pages rapides et le HTML simple.',
      zh: '前端开发者，喜欢快速的页面和简洁的 HTML。',
    },
    website: 'https://example.com/mateo',
  },
  {
    key: 'lin',
    name: 'Lin Wei',
    bio: {
      en: 'Localization lead. Has shipped the same site in eleven languages.',
      zh: '本地化负责人，曾用十一种语言发布同一个网站。',
    },
    website: 'https://example.com/lin',
  },
  {
    key: 'sophie',
    name: 'Sophie Laurent',
    bio: {
      en: 'Designer and occasional photographer. Cares about the first screen.',
      fr: 'Designer et photographe à ses heures. Soigne le premier écran.',
    },
    website: 'https://example.com/sophie',
  },
];

export const CATEGORIES: readonly SampleCategory[] = [
  {
    key: 'guides',
    name: { en: 'Guides', es: 'Guías', fr: 'Guides', zh: '指南' },
    description: {
      en: 'Step-by-step walkthroughs.',
      es: 'Tutoriales paso a paso.',
      fr: 'Des tutoriels pas à pas.',
      zh: '分步教程。',
    },
  },
  {
    key: 'engineering',
    name: { en: 'Engineering', es: 'Ingeniería', fr: 'Ingénierie', zh: '工程' },
    description: {
      en: 'How things work under the hood.',
      es: 'Cómo funcionan las cosas por dentro.',
      fr: 'Comment les choses fonctionnent en coulisses.',
      zh: '深入了解内部原理。',
    },
  },
  {
    key: 'design',
    name: { en: 'Design', es: 'Diseño', fr: 'Design', zh: '设计' },
    description: {
      en: 'Layouts, type and the details that make a page feel right.',
      es: 'Maquetación, tipografía y los detalles que hacen que una página funcione.',
      fr: 'Mise en page, typographie et les détails qui font une bonne page.',
      zh: '版式、字体以及让页面恰到好处的细节。',
    },
  },
  {
    key: 'news',
    name: { en: 'News', es: 'Novedades', fr: 'Actualités', zh: '新闻' },
    description: {
      en: 'Announcements and releases.',
      es: 'Anuncios y lanzamientos.',
      fr: 'Annonces et nouvelles versions.',
      zh: '公告与发布。',
    },
  },
  {
    key: 'localization',
    name: { en: 'Localization', es: 'Localización', fr: 'Localisation', zh: '本地化' },
    description: {
      en: 'Publishing in more than one language.',
      es: 'Publicar en más de un idioma.',
      fr: 'Publier dans plusieurs langues.',
      zh: '以多种语言发布内容。',
    },
  },
];

export const ARTICLES: readonly SampleArticle[] = [
  {
    key: 'welcome',
    title: {
      en: 'Welcome to your new content hub',
      es: 'Bienvenido a tu nuevo centro de contenidos',
      fr: 'Bienvenue dans votre nouvel espace de contenu',
      zh: '欢迎来到你的全新内容中心',
    },
    excerpt: {
      en: 'A quick tour of collections, documents and the delivery API.',
      es: 'Un recorrido rápido por colecciones, documentos y la API de entrega.',
      fr: 'Un tour rapide des collections, des documents et de l’API de diffusion.',
      zh: '快速了解集合、文档和内容分发 API。',
    },
    paragraphs: {
      en: [
        'Everything you publish lives in collections: typed fields that describe a post, a page or a product.',
        'Editors write documents in the app, save drafts, and publish when they are ready. Your site reads the published copy through the API.',
        'Open any document here to see how it is built, then change the model to suit your own content.',
      ],
      es: [
        'Todo lo que publicas vive en colecciones: campos con tipo que describen una entrada, una página o un producto.',
        'Los editores escriben documentos en la aplicación, guardan borradores y publican cuando están listos. Tu sitio lee la copia publicada a través de la API.',
        'Abre cualquier documento para ver cómo está construido y adapta el modelo a tu propio contenido.',
      ],
      fr: [
        'Tout ce que vous publiez vit dans des collections : des champs typés qui décrivent un article, une page ou un produit.',
        'Les rédacteurs écrivent dans l’application, enregistrent des brouillons et publient quand ils sont prêts. Votre site lit la version publiée via l’API.',
        'Ouvrez un document pour voir comment il est construit, puis adaptez le modèle à votre contenu.',
      ],
      zh: [
        '你发布的一切内容都存放在集合中：用带类型的字段来描述文章、页面或产品。',
        '编辑在应用中撰写文档、保存草稿，并在准备好后发布。你的网站通过 API 读取已发布的版本。',
        '打开任意文档查看它的结构，然后根据你的内容调整模型。',
      ],
    },
    quote: { text: 'Structure first, pixels second.', attribution: 'Ada Okafor' },
    author: 'ada',
    categories: ['news', 'guides'],
    date: '2026-09-01',
  },
  {
    key: 'modeling-content',
    title: {
      en: 'Modeling content that outlives your design',
      es: 'Modelar contenido que sobreviva a tu diseño',
      fr: 'Modéliser un contenu qui survit à votre design',
      zh: '让内容模型比设计更长久',
    },
    excerpt: {
      en: 'Describe what things are, not how they look, and every redesign gets easier.',
      es: 'Describe qué son las cosas, no cómo se ven, y cada rediseño será más fácil.',
      fr: 'Décrivez ce que sont les choses, pas leur apparence, et chaque refonte devient plus simple.',
      zh: '描述事物是什么，而不是它看起来怎样，每次改版都会更轻松。',
    },
    paragraphs: {
      en: [
        'A field called "big red headline" is a design decision. A field called "summary" is content.',
        'Name fields after their meaning, keep presentation in your front end, and the same document can feed a website, an app and a newsletter.',
      ],
      es: [
        'Un campo llamado «titular rojo grande» es una decisión de diseño. Un campo llamado «resumen» es contenido.',
        'Nombra los campos por su significado y deja la presentación al front end: el mismo documento servirá a una web, una app y un boletín.',
      ],
      fr: [
        'Un champ nommé « gros titre rouge » est une décision de design. Un champ nommé « résumé » est du contenu.',
        'Nommez les champs selon leur sens, laissez la présentation au front end, et le même document alimentera un site, une application et une newsletter.',
      ],
      zh: [
        '名为“红色大标题”的字段是设计决定，而名为“摘要”的字段才是内容。',
        '按含义为字段命名，把呈现交给前端，同一份文档就能同时服务网站、应用和电子报。',
      ],
    },
    author: 'ada',
    categories: ['guides', 'design'],
    date: '2026-09-04',
  },
  {
    key: 'localize-without-chaos',
    title: {
      en: 'Localize without chaos',
      es: 'Localizar sin caos',
      fr: 'Localiser sans chaos',
      zh: '从容应对本地化',
    },
    excerpt: {
      en: 'Per-field translations, fallbacks to the default locale, and publishing one language at a time.',
      es: 'Traducciones por campo, respaldo en el idioma predeterminado y publicación idioma por idioma.',
      fr: 'Traductions par champ, repli sur la langue par défaut et publication langue par langue.',
      zh: '按字段翻译、回退到默认语言，并逐个语言发布。',
    },
    paragraphs: {
      en: [
        'Mark a field as localized and it holds one value per language. Fields that are the same everywhere, like a price or a date, stay shared.',
        'A reader asking for a language you have not translated yet gets the default language instead of an empty page.',
      ],
      es: [
        'Marca un campo como localizado y guardará un valor por idioma. Los campos iguales en todas partes, como un precio o una fecha, se comparten.',
        'Quien pida un idioma aún no traducido recibe el idioma predeterminado en lugar de una página vacía.',
      ],
      fr: [
        'Marquez un champ comme localisé et il contient une valeur par langue. Les champs identiques partout, comme un prix ou une date, restent partagés.',
        'Un lecteur qui demande une langue pas encore traduite reçoit la langue par défaut plutôt qu’une page vide.',
      ],
      zh: [
        '将字段标记为本地化后，它会为每种语言保存一个值。价格、日期等各处相同的字段则保持共享。',
        '读者请求尚未翻译的语言时，会看到默认语言的内容，而不是空白页面。',
      ],
    },
    quote: { text: 'Translate fields, not pages.', attribution: 'Lin Wei' },
    author: 'lin',
    categories: ['localization', 'guides'],
    date: '2026-09-08',
  },
  {
    key: 'fast-pages',
    title: {
      en: 'Fast pages start with small answers',
      es: 'Las páginas rápidas empiezan con respuestas pequeñas',
      fr: 'Les pages rapides commencent par de petites réponses',
      zh: '快速的页面始于精简的响应',
    },
    excerpt: {
      en: 'Ask for the fields you render, cache with ETags, and let the CDN do the rest.',
      es: 'Pide solo los campos que muestras, usa ETags y deja el resto a la CDN.',
      fr: 'Demandez les champs que vous affichez, mettez en cache avec les ETag et laissez le CDN faire le reste.',
      zh: '只请求需要渲染的字段，用 ETag 缓存，其余交给 CDN。',
    },
    paragraphs: {
      en: [
        'The fields parameter trims a response to what a page shows. A list of twenty posts does not need twenty bodies.',
        'Every answer carries an ETag. Send it back in If-None-Match and an unchanged list costs a 304 and no bytes.',
      ],
      es: [
        'El parámetro fields recorta la respuesta a lo que muestra la página. Una lista de veinte entradas no necesita veinte cuerpos.',
        'Cada respuesta lleva un ETag. Envíalo en If-None-Match y una lista sin cambios cuesta un 304 y ningún byte.',
      ],
      fr: [
        'Le paramètre fields réduit la réponse à ce que la page affiche. Une liste de vingt articles n’a pas besoin de vingt corps de texte.',
        'Chaque réponse porte un ETag. Renvoyez-le dans If-None-Match : une liste inchangée coûte un 304 et aucun octet.',
      ],
      zh: [
        'fields 参数把响应裁剪为页面实际展示的内容。二十篇文章的列表不需要二十份正文。',
        '每个响应都带有 ETag。在 If-None-Match 中发回它，未变化的列表只需一个 304，不传输任何内容。',
      ],
    },
    author: 'mateo',
    categories: ['engineering'],
    date: '2026-09-12',
  },
  {
    key: 'first-screen',
    title: {
      en: 'Designing the first screen',
      es: 'Diseñar la primera pantalla',
      fr: 'Concevoir le premier écran',
      zh: '设计首屏',
    },
    excerpt: {
      en: 'One message, one picture, one button: why less wins above the fold.',
      es: 'Un mensaje, una imagen, un botón: por qué menos es más en la primera pantalla.',
      fr: 'Un message, une image, un bouton : pourquoi moins, c’est mieux en haut de page.',
      zh: '一个信息、一张图片、一个按钮：为什么首屏越简洁越好。',
    },
    paragraphs: {
      en: [
        'Visitors decide in seconds whether a page is for them. Give them one clear sentence and one obvious next step.',
        'Build landing pages from blocks (hero, features, testimonials) so editors can rearrange them without a developer.',
      ],
      fr: [
        'Les visiteurs décident en quelques secondes si une page les concerne. Donnez-leur une phrase claire et une étape suivante évidente.',
        'Construisez les pages à partir de blocs (hero, fonctionnalités, témoignages) pour que les rédacteurs les réorganisent sans développeur.',
      ],
    },
    quote: { text: 'If everything is important, nothing is.', attribution: 'Sophie Laurent' },
    author: 'sophie',
    categories: ['design'],
    date: '2026-09-15',
  },
  {
    key: 'webhooks-explained',
    title: { en: 'Webhooks, explained' },
    excerpt: { en: 'Rebuild your site the moment an editor presses publish.' },
    paragraphs: {
      en: [
        'A webhook is an HTTP request Plinth sends when something changes: a document published, a file uploaded.',
        'Each delivery is signed, retried with backoff when your endpoint is down, and logged so you can replay it.',
      ],
    },
    author: 'mateo',
    categories: ['engineering', 'guides'],
    date: '2026-09-18',
  },
  {
    key: 'editorial-workflow',
    title: { en: 'An editorial workflow that scales' },
    excerpt: { en: 'Drafts, reviews and scheduled publishing for teams of any size.' },
    paragraphs: {
      en: [
        'Authors write and submit; editors approve or send back with a comment. Nothing reaches readers by accident.',
        'Schedule a publish for Monday at nine and the server does it, even if it restarted over the weekend.',
      ],
    },
    author: 'ada',
    categories: ['guides'],
    date: '2026-09-22',
  },
  {
    key: 'images-that-fit',
    title: { en: 'Images that fit every screen' },
    excerpt: { en: 'Upload once, ask for the width and format you need.' },
    paragraphs: {
      en: [
        'Add w, h and format to an image URL and you get a resized WebP or AVIF, made once and cached.',
        'Set a focal point and crops keep the subject in frame, from a wide banner to a square thumbnail.',
      ],
    },
    author: 'sophie',
    categories: ['design', 'engineering'],
    date: '2026-09-25',
  },
  {
    key: 'graphql-or-rest',
    title: { en: 'GraphQL or REST? Both.' },
    excerpt: { en: 'The same content, two ways to ask for it.' },
    paragraphs: {
      en: [
        'REST is easy to cache and to try with curl. GraphQL fetches a page and its references in one request.',
        'Both read the same documents with the same permissions, so pick per page, not per project.',
      ],
    },
    author: 'mateo',
    categories: ['engineering'],
    date: '2026-09-29',
  },
  {
    key: 'release-notes-october',
    title: { en: 'Release notes: October' },
    excerpt: { en: 'Project search, starters and a friendlier dashboard.' },
    paragraphs: {
      en: [
        'New projects can start from a blog, a documentation site or landing pages with blocks.',
        'Search finds any document by its title from anywhere in the app.',
      ],
    },
    author: 'ada',
    categories: ['news'],
    date: '2026-10-02',
  },
  {
    key: 'right-to-left',
    title: { en: 'Writing for right-to-left languages' },
    excerpt: { en: 'What changes when your site speaks Arabic or Hebrew.' },
    paragraphs: {
      en: [
        'Set dir="rtl" from the locale, mirror your layout with logical CSS properties, and leave numbers alone.',
        'Content stays the same shape: only the words and their direction change.',
      ],
    },
    author: 'lin',
    categories: ['localization'],
    date: '2026-10-06',
  },
  {
    key: 'preview-drafts',
    title: { en: 'Preview drafts on your real site' },
    excerpt: { en: 'See a change in place before anyone else does.' },
    paragraphs: {
      en: [
        'A preview token reads drafts; your site shows them behind a secret link.',
        'Editors check the layout in context, then publish with confidence.',
      ],
    },
    author: 'mateo',
    categories: ['guides', 'engineering'],
    date: '2026-10-09',
  },
  {
    key: 'type-scale',
    title: { en: 'A type scale in five steps' },
    excerpt: { en: 'Pick a ratio, stop at five sizes, and your pages calm down.' },
    paragraphs: {
      en: [
        'Most pages need a body size, a small size, and three headings. More than that is noise.',
        'Store headings as structure (h2, h3) in rich text and let the stylesheet decide their size.',
      ],
    },
    author: 'sophie',
    categories: ['design'],
    date: '2026-10-13',
  },
  {
    key: 'content-audit',
    title: { en: 'Run a content audit in an afternoon' },
    excerpt: { en: 'Export, sort by last update, and archive what nobody reads.' },
    paragraphs: {
      en: [
        'List documents by updated date and you find the pages nobody has touched in two years.',
        'Move them to the trash: nothing is lost, and you can restore any of them later.',
      ],
    },
    author: 'ada',
    categories: ['guides'],
    date: '2026-10-16',
  },
  {
    key: 'api-tokens',
    title: { en: 'API tokens and the principle of least privilege' },
    excerpt: { en: 'Give each site the scopes it needs and nothing more.' },
    paragraphs: {
      en: [
        'A public website needs content:read. A build server that writes back needs content:write. Neither needs to manage webhooks.',
        'Tokens can expire and can be revoked at once; create one per integration so you can tell them apart.',
      ],
    },
    author: 'mateo',
    categories: ['engineering'],
    date: '2026-10-20',
  },
  {
    key: 'glossary',
    title: { en: 'Keeping a glossary for translators' },
    excerpt: { en: 'The ten words you never want translated three different ways.' },
    paragraphs: {
      en: [
        'Product names, feature names and legal terms belong in a shared glossary, stored as its own collection.',
        'Translators check it before they start, and reviewers check it before they approve.',
      ],
    },
    author: 'lin',
    categories: ['localization', 'guides'],
    date: '2026-10-23',
  },
  {
    key: 'accessible-images',
    title: { en: 'Alt text that helps' },
    excerpt: { en: 'Describe what matters in the picture, in every language.' },
    paragraphs: {
      en: [
        'Alt text is content: write it per locale, and describe the point of the image rather than its pixels.',
        'Decorative images get an empty alt, so screen readers skip them.',
      ],
    },
    author: 'sophie',
    categories: ['design', 'localization'],
    date: '2026-10-27',
  },
  {
    key: 'migrating',
    title: { en: 'Migrating from another CMS' },
    excerpt: { en: 'Map the model first, then move documents in batches.' },
    paragraphs: {
      en: [
        'Recreate the collections, import documents through the API with an idempotency key, and check counts as you go.',
        'Keep the old system read-only until the new site has served real traffic for a week.',
      ],
    },
    author: 'mateo',
    categories: ['guides', 'engineering'],
    date: '2026-10-30',
  },
  {
    key: 'holiday-campaign',
    title: { en: 'Planning the holiday campaign' },
    excerpt: { en: 'Schedule the pages now, enjoy December later.' },
    paragraphs: {
      en: [
        'Write the campaign pages in November, schedule them to go live on the first of December, and schedule them to come down in January.',
        'The server publishes on time even if nobody is at a desk.',
      ],
    },
    author: 'ada',
    categories: ['news', 'guides'],
    date: '2026-11-03',
  },
  {
    key: 'roadmap',
    title: { en: 'What we are building next' },
    excerpt: { en: 'A look at the next quarter.' },
    paragraphs: {
      en: [
        'Better diffs between versions, comments on documents, and more starters.',
        'Tell us what you need: the roadmap follows the questions we get most.',
      ],
    },
    author: 'ada',
    categories: ['news'],
    date: '2026-11-06',
  },
];

/** Paragraphs as the rich text (HTML) a document stores. */
export const html = (paragraphs: readonly string[]): string =>
  paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join('');
