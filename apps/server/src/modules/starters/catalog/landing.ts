import type { Field } from '@plinth/contract';
import type { SampleImage } from '../sample-images.js';
import { image, type SampleDocument, type StarterPlan, type Translated } from '../starter-plan.js';
import { LANDING_COMPONENTS, SEO } from './components.js';

/** The blocks field of a landing page: any of the landing components, in any order. */
export const SECTIONS_FIELD: Field = {
  name: 'sections',
  type: 'blocks',
  localized: true,
  help: 'The page from top to bottom',
  options: { components: ['hero', 'feature_grid', 'call_to_action', 'testimonials'] },
};

export const LANDING_IMAGES: readonly SampleImage[] = [
  ...[0, 1, 2].map((index) => ({
    key: `hero-${index}`,
    filename: `hero-${index + 1}.png`,
    alt: 'Abstract shapes on a colour gradient',
    width: 1200,
    height: 675,
    variant: index + 2,
  })),
  ...[0, 1, 2].map((index) => ({
    key: `person-${index}`,
    filename: `person-${index + 1}.png`,
    alt: 'Portrait placeholder',
    width: 240,
    height: 240,
    variant: index + 4,
  })),
];

const FEATURES = [
  { title: 'Fast by default', text: 'Pages load in a blink on any connection.', icon: 'zap' },
  { title: 'Secure', text: 'Single sign-on, roles and an audit trail.', icon: 'shield' },
  { title: 'Global', text: 'Publish in every language your customers speak.', icon: 'globe' },
  { title: 'Flexible', text: 'Build any page from blocks, without a developer.', icon: 'layers' },
];

const TESTIMONIALS = [
  { quote: 'We launched our new site in two weeks, in four languages.', name: 'Priya Nair', role: 'Head of Marketing' },
  {
    quote: 'Editors stopped asking us to change the page layout. They do it themselves.',
    name: 'Tom Becker',
    role: 'Tech Lead',
  },
  { quote: 'The support team answered before we finished typing.', name: 'Chen Jing', role: 'Founder' },
];

interface HeroText {
  heading: string;
  subheading: string;
  button: string;
}

const HOME_HERO: Translated<HeroText> = {
  en: {
    heading: 'Build pages your customers love',
    subheading: 'Everything you need to launch, grow and measure, in one place.',
    button: 'Start free',
  },
  es: {
    heading: 'Crea páginas que encanten a tus clientes',
    subheading: 'Todo lo que necesitas para lanzar, crecer y medir, en un solo lugar.',
    button: 'Empieza gratis',
  },
  fr: {
    heading: 'Créez des pages que vos clients adorent',
    subheading: 'Tout ce qu’il faut pour lancer, grandir et mesurer, au même endroit.',
    button: 'Commencer gratuitement',
  },
  zh: {
    heading: '打造客户喜爱的页面',
    subheading: '发布、增长与衡量所需的一切，尽在一处。',
    button: '免费开始',
  },
};

/** The sections of a full landing page, in one language. */
function fullPage(hero: HeroText, heroImage: string): Record<string, unknown>[] {
  return [
    {
      _component: 'hero',
      _key: 'hero',
      heading: hero.heading,
      subheading: hero.subheading,
      image: image(heroImage),
      button_label: hero.button,
      button_url: 'https://example.com/signup',
    },
    {
      _component: 'feature_grid',
      _key: 'features',
      heading: 'Why teams choose us',
      intro: 'Four reasons, in short.',
      features: FEATURES.map((feature, index) => ({ _component: 'feature', _key: `f${index}`, ...feature })),
    },
    {
      _component: 'testimonials',
      _key: 'testimonials',
      heading: 'What customers say',
      items: TESTIMONIALS.map((item, index) => ({
        _component: 'testimonial',
        _key: `t${index}`,
        ...item,
        avatar: image(`person-${index}`),
      })),
    },
    {
      _component: 'call_to_action',
      _key: 'cta',
      heading: 'Ready when you are',
      text: 'Start for free; upgrade when you grow.',
      button_label: hero.button,
      button_url: 'https://example.com/signup',
      style: 'primary',
    },
  ];
}

/** The sections of the home page in every language it has a hero for. */
export function homeSections(heroImage: string): Translated<Record<string, unknown>[]> {
  const out: Record<string, Record<string, unknown>[]> = {};
  for (const [locale, hero] of Object.entries(HOME_HERO)) if (hero) out[locale] = fullPage(hero, heroImage);
  return { ...out, en: fullPage(HOME_HERO.en, heroImage) };
}

const seo = (title: string, description: string, share: string) => [
  { _component: 'seo', _key: 'seo', meta_title: title, meta_description: description, share_image: image(share) },
];

const LANDING_DOCUMENTS: SampleDocument[] = [
  {
    collection: 'pages',
    key: 'home',
    published: true,
    data: {
      title: { en: 'Home', es: 'Inicio', fr: 'Accueil', zh: '首页' },
      slug: 'home',
      sections: homeSections('hero-0'),
      seo: seo('Build pages your customers love', 'Launch, grow and measure in one place.', 'hero-0'),
    },
  },
  {
    collection: 'pages',
    key: 'pricing',
    published: false,
    data: {
      title: { en: 'Pricing', es: 'Precios', fr: 'Tarifs' },
      slug: 'pricing',
      sections: {
        en: [
          {
            _component: 'hero',
            _key: 'hero',
            heading: 'Simple pricing',
            subheading: 'Free to start. Pay as you grow.',
            image: image('hero-1'),
          },
          {
            _component: 'call_to_action',
            _key: 'cta',
            heading: 'Questions about plans?',
            text: 'Our team replies within a day.',
            button_label: 'Contact sales',
            button_url: 'https://example.com/contact',
            style: 'secondary',
          },
        ],
      },
      seo: seo('Pricing', 'Plans for every stage.', 'hero-1'),
    },
  },
  {
    collection: 'pages',
    key: 'about',
    published: true,
    data: {
      title: { en: 'About us', fr: 'À propos' },
      slug: 'about',
      sections: {
        en: [
          {
            _component: 'hero',
            _key: 'hero',
            heading: 'We make publishing simple',
            subheading: 'A small team with a big love for the web.',
            image: image('hero-2'),
          },
          {
            _component: 'testimonials',
            _key: 'team',
            heading: 'The team',
            items: TESTIMONIALS.map((item, index) => ({
              _component: 'testimonial',
              _key: `t${index}`,
              ...item,
              avatar: image(`person-${index}`),
            })),
          },
        ],
      },
      seo: seo('About us', 'Who we are.', 'hero-2'),
    },
  },
];

/** Landing pages built from blocks: hero, feature grid, call to action, testimonials. */
export const LANDING_STARTER: StarterPlan = {
  id: 'landing',
  name: 'Landing pages',
  description: 'Pages assembled from blocks (hero, feature grid, call to action, testimonials) with SEO metadata.',
  components: [SEO, ...LANDING_COMPONENTS],
  collections: [
    {
      slug: 'pages',
      name: 'Pages',
      description: 'Marketing pages built from blocks',
      display_field: 'title',
      fields: [
        { name: 'title', type: 'text', required: true, localized: true, options: { max_length: 120 } },
        { name: 'slug', type: 'slug', required: true, unique: true, options: { from: 'title' } },
        SECTIONS_FIELD,
        { name: 'seo', type: 'blocks', help: 'At most one SEO block', options: { components: ['seo'] } },
      ],
    },
  ],
  images: LANDING_IMAGES,
  documents: LANDING_DOCUMENTS,
};
