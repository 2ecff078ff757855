import type { StarterPlan } from '../starter-plan.js';
import {
  ARTICLES_COLLECTION,
  AUTHORS_COLLECTION,
  articleDocuments,
  authorDocuments,
  blogImages,
  CATEGORIES_COLLECTION,
  categoryDocuments,
} from './blog.js';
import { IMAGE_BLOCK, LANDING_COMPONENTS, QUOTE, SEO, TEXT_BLOCK } from './components.js';
import { homeSections, LANDING_IMAGES, SECTIONS_FIELD } from './landing.js';
import { ARTICLES, AUTHORS, CATEGORIES } from './sample-articles.js';

const COVERS = 6;

/**
 * The demo project's content (not offered as a starter): the blog with block bodies, every
 * sample article, author and category, and a home page singleton built from landing blocks.
 * About 30 documents, some translated into Spanish, French and Chinese.
 */
export const DEMO_PLAN: StarterPlan = {
  id: 'demo',
  name: 'Demo',
  description: 'A magazine with articles, authors, categories and a home page.',
  components: [SEO, TEXT_BLOCK, IMAGE_BLOCK, QUOTE, ...LANDING_COMPONENTS],
  collections: [
    AUTHORS_COLLECTION,
    CATEGORIES_COLLECTION,
    ARTICLES_COLLECTION,
    {
      slug: 'home',
      name: 'Home page',
      singular: 'home_page',
      kind: 'singleton',
      description: 'The site’s home page, built from blocks',
      display_field: 'title',
      fields: [
        { name: 'title', type: 'text', required: true, localized: true, options: { max_length: 120 } },
        SECTIONS_FIELD,
        { name: 'seo', type: 'blocks', options: { components: ['seo'] } },
      ],
    },
  ],
  images: [
    ...blogImages(COVERS, AUTHORS.length),
    ...LANDING_IMAGES.filter((picture) => picture.key === 'hero-0' || picture.key.startsWith('person-')),
  ],
  documents: [
    ...authorDocuments(AUTHORS.length),
    ...categoryDocuments(CATEGORIES.length),
    ...articleDocuments({
      count: ARTICLES.length,
      published: ARTICLES.length - 5,
      authors: AUTHORS.length,
      categories: CATEGORIES.length,
      covers: COVERS,
    }),
    {
      collection: 'home',
      key: 'home',
      published: true,
      data: {
        title: { en: 'Home', es: 'Inicio', fr: 'Accueil', zh: '首页' },
        sections: homeSections('hero-0'),
      },
    },
  ],
};
