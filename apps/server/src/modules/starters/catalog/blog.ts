import type { CreateCollectionBody } from '@plinth/contract';
import type { SampleImage } from '../sample-images.js';
import { image, mapTranslated, ref, type SampleDocument, type StarterPlan } from '../starter-plan.js';
import { SEO } from './components.js';
import { ARTICLES, AUTHORS, CATEGORIES, html } from './sample-articles.js';

export const AUTHORS_COLLECTION: CreateCollectionBody = {
  slug: 'authors',
  name: 'Authors',
  description: 'The people who write',
  display_field: 'name',
  fields: [
    { name: 'name', type: 'text', required: true, options: { max_length: 120 } },
    { name: 'slug', type: 'slug', unique: true, options: { from: 'name' } },
    { name: 'bio', type: 'longtext', localized: true, options: { max_length: 500 } },
    { name: 'avatar', type: 'media', options: { accept: ['image/*'] } },
    { name: 'website', type: 'url' },
  ],
};

export const CATEGORIES_COLLECTION: CreateCollectionBody = {
  slug: 'categories',
  name: 'Categories',
  singular: 'category',
  description: 'Topics that group posts',
  display_field: 'name',
  fields: [
    { name: 'name', type: 'text', required: true, localized: true, options: { max_length: 80 } },
    { name: 'slug', type: 'slug', unique: true, options: { from: 'name' } },
    { name: 'description', type: 'longtext', localized: true, options: { max_length: 300 } },
  ],
};

/** The fields every post has, before its body. */
const postFields = (): CreateCollectionBody['fields'] => [
  { name: 'title', type: 'text', required: true, localized: true, options: { max_length: 200 } },
  { name: 'slug', type: 'slug', unique: true, options: { from: 'title' } },
  { name: 'excerpt', type: 'longtext', localized: true, options: { max_length: 300 } },
  { name: 'cover', type: 'media', options: { accept: ['image/*'] } },
  { name: 'author', type: 'reference', options: { collection: 'authors' } },
  { name: 'categories', type: 'reference', options: { collection: 'categories', multiple: true } },
  { name: 'published_on', type: 'date' },
];

export const POSTS_COLLECTION: CreateCollectionBody = {
  slug: 'posts',
  name: 'Posts',
  description: 'Blog posts',
  display_field: 'title',
  fields: [
    ...postFields(),
    { name: 'body', type: 'richtext', localized: true },
    { name: 'seo', type: 'blocks', help: 'At most one SEO block', options: { components: ['seo'] } },
  ],
};

/** Articles whose body is made of blocks (the demo's richer variant of posts). */
export const ARTICLES_COLLECTION: CreateCollectionBody = {
  slug: 'articles',
  name: 'Articles',
  description: 'Articles built from text, image and quote blocks',
  display_field: 'title',
  fields: [
    ...postFields(),
    {
      name: 'body',
      type: 'blocks',
      localized: true,
      options: { components: ['text_block', 'image_block', 'quote', 'call_to_action'] },
    },
    { name: 'seo', type: 'blocks', help: 'At most one SEO block', options: { components: ['seo'] } },
  ],
};

/** Cover pictures (1200×675) and author portraits (square). */
export function blogImages(articles: number, authors: number): SampleImage[] {
  return [
    ...Array.from({ length: articles }, (_, index) => ({
      key: `cover-${index}`,
      filename: `cover-${index + 1}.png`,
      alt: 'Abstract shapes on a colour gradient',
      width: 1200,
      height: 675,
      variant: index,
    })),
    ...AUTHORS.slice(0, authors).map((author, index) => ({
      key: `avatar-${author.key}`,
      filename: `${author.key}.png`,
      alt: `Portrait placeholder for ${author.name}`,
      width: 400,
      height: 400,
      variant: index * 3 + 1,
    })),
  ];
}

export function authorDocuments(count: number): SampleDocument[] {
  return AUTHORS.slice(0, count).map((author) => ({
    collection: 'authors',
    key: author.key,
    published: true,
    data: {
      name: author.name,
      slug: author.key,
      bio: author.bio,
      avatar: image(`avatar-${author.key}`),
      website: author.website,
    },
  }));
}

export function categoryDocuments(count: number): SampleDocument[] {
  return CATEGORIES.slice(0, count).map((category) => ({
    collection: 'categories',
    key: category.key,
    published: true,
    data: { name: category.name, slug: category.key, description: category.description },
  }));
}

/** The author and category keys a sample can use, among those the plan creates. */
function links(article: (typeof ARTICLES)[number], authors: number, categories: number) {
  const authorKeys = AUTHORS.slice(0, authors).map((author) => author.key);
  const categoryKeys = CATEGORIES.slice(0, categories).map((category) => category.key);
  const author = authorKeys.includes(article.author) ? article.author : authorKeys[0];
  return {
    author: author ? ref('authors', author) : null,
    categories: article.categories.filter((key) => categoryKeys.includes(key)).map((key) => ref('categories', key)),
  };
}

const seoBlock = (article: (typeof ARTICLES)[number], index: number) => [
  {
    _component: 'seo',
    _key: 'seo',
    meta_title: article.title.en.slice(0, 70),
    meta_description: article.excerpt.en.slice(0, 160),
    share_image: image(`cover-${index}`),
    no_index: false,
  },
];

/**
 * The blog starter's posts: rich-text bodies, the first `published` of them published (the
 * rest drafts), each with a cover, an author, categories and an SEO block.
 */
function postDocuments(count: number, published: number): SampleDocument[] {
  return ARTICLES.slice(0, count).map((article, index) => ({
    collection: 'posts',
    key: article.key,
    published: index < published,
    data: {
      title: article.title,
      slug: article.key,
      excerpt: article.excerpt,
      cover: image(`cover-${index}`),
      ...links(article, 3, 4),
      published_on: article.date,
      body: mapTranslated(article.paragraphs, html),
      seo: seoBlock(article, index),
    },
  }));
}

/** Block bodies: text, then a picture or a quote, then the rest of the text. */
export function articleDocuments(options: {
  count: number;
  published: number;
  authors: number;
  categories: number;
  covers: number;
}): SampleDocument[] {
  return ARTICLES.slice(0, options.count).map((article, index) => {
    const cover = `cover-${index % options.covers}`;
    const body = mapTranslated(article.paragraphs, (paragraphs) => {
      const [first = '', ...rest] = paragraphs;
      return [
        { _component: 'text_block', _key: 'intro', body: html([first]) },
        article.quote
          ? { _component: 'quote', _key: 'quote', text: article.quote.text, attribution: article.quote.attribution }
          : { _component: 'image_block', _key: 'picture', image: image(cover), caption: article.excerpt.en },
        ...(rest.length ? [{ _component: 'text_block', _key: 'more', body: html(rest) }] : []),
      ];
    });
    return {
      collection: 'articles',
      key: article.key,
      published: index < options.published,
      data: {
        title: article.title,
        slug: article.key,
        excerpt: article.excerpt,
        cover: image(cover),
        ...links(article, options.authors, options.categories),
        published_on: article.date,
        body,
        seo: seoBlock(article, index % options.covers),
      },
    };
  });
}

/** A blog: authors, categories and posts with rich text, covers and SEO metadata. */
export const BLOG_STARTER: StarterPlan = {
  id: 'blog',
  name: 'Blog',
  description: 'Posts with rich text, cover images, authors, categories and SEO metadata.',
  components: [SEO],
  collections: [AUTHORS_COLLECTION, CATEGORIES_COLLECTION, POSTS_COLLECTION],
  images: blogImages(6, 3),
  documents: [...authorDocuments(3), ...categoryDocuments(4), ...postDocuments(6, 4)],
};
