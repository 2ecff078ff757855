import type { CreateComponentBody } from '@plinth/contract';

/** The components starters share (each starter creates the ones it uses). */

const IMAGES = { accept: ['image/*'] };

export const SEO: CreateComponentBody = {
  name: 'seo',
  label: 'SEO',
  description: 'Search and social metadata for one page',
  fields: [
    { name: 'meta_title', type: 'text', label: 'Meta title', options: { max_length: 70 } },
    { name: 'meta_description', type: 'longtext', label: 'Meta description', options: { max_length: 160 } },
    { name: 'share_image', type: 'media', label: 'Share image', options: IMAGES },
    { name: 'no_index', type: 'boolean', label: 'Hide from search engines', default: false },
  ],
};

export const HERO: CreateComponentBody = {
  name: 'hero',
  label: 'Hero',
  description: 'A large heading with a picture and a button',
  fields: [
    { name: 'heading', type: 'text', required: true, options: { max_length: 120 } },
    { name: 'subheading', type: 'longtext', options: { max_length: 300 } },
    { name: 'image', type: 'media', options: IMAGES },
    { name: 'button_label', type: 'text', options: { max_length: 40 } },
    { name: 'button_url', type: 'url' },
  ],
};

export const FEATURE: CreateComponentBody = {
  name: 'feature',
  label: 'Feature',
  description: 'One item of a feature grid',
  fields: [
    { name: 'title', type: 'text', required: true, options: { max_length: 80 } },
    { name: 'text', type: 'longtext', options: { max_length: 300 } },
    {
      name: 'icon',
      type: 'select',
      options: { choices: ['zap', 'shield', 'globe', 'layers', 'sparkles', 'code', 'users', 'gauge'] },
    },
  ],
};

export const FEATURE_GRID: CreateComponentBody = {
  name: 'feature_grid',
  label: 'Feature grid',
  description: 'A heading over a grid of features',
  fields: [
    { name: 'heading', type: 'text', options: { max_length: 120 } },
    { name: 'intro', type: 'longtext', options: { max_length: 300 } },
    { name: 'features', type: 'blocks', options: { components: ['feature'] } },
  ],
};

export const CALL_TO_ACTION: CreateComponentBody = {
  name: 'call_to_action',
  label: 'Call to action',
  description: 'A short pitch and a button',
  fields: [
    { name: 'heading', type: 'text', required: true, options: { max_length: 120 } },
    { name: 'text', type: 'longtext', options: { max_length: 300 } },
    { name: 'button_label', type: 'text', required: true, options: { max_length: 40 } },
    { name: 'button_url', type: 'url', required: true },
    { name: 'style', type: 'select', default: 'primary', options: { choices: ['primary', 'secondary'] } },
  ],
};

export const TESTIMONIAL: CreateComponentBody = {
  name: 'testimonial',
  label: 'Testimonial',
  description: 'What one customer said',
  fields: [
    { name: 'quote', type: 'longtext', required: true, options: { max_length: 500 } },
    { name: 'name', type: 'text', required: true },
    { name: 'role', type: 'text' },
    { name: 'avatar', type: 'media', options: IMAGES },
  ],
};

export const TESTIMONIALS: CreateComponentBody = {
  name: 'testimonials',
  label: 'Testimonials',
  description: 'A heading over quotes from customers',
  fields: [
    { name: 'heading', type: 'text', options: { max_length: 120 } },
    { name: 'items', type: 'blocks', options: { components: ['testimonial'] } },
  ],
};

export const TEXT_BLOCK: CreateComponentBody = {
  name: 'text_block',
  label: 'Text',
  description: 'Rich text: paragraphs, headings, lists and links',
  fields: [{ name: 'body', type: 'richtext', required: true }],
};

export const IMAGE_BLOCK: CreateComponentBody = {
  name: 'image_block',
  label: 'Image',
  description: 'A picture with a caption',
  fields: [
    { name: 'image', type: 'media', required: true, options: IMAGES },
    { name: 'caption', type: 'text', options: { max_length: 200 } },
  ],
};

export const QUOTE: CreateComponentBody = {
  name: 'quote',
  label: 'Quote',
  description: 'A pull quote',
  fields: [
    { name: 'text', type: 'longtext', required: true, options: { max_length: 500 } },
    { name: 'attribution', type: 'text' },
  ],
};

/** The blocks of a landing page, in the order a component must exist before one holding it. */
export const LANDING_COMPONENTS: readonly CreateComponentBody[] = [
  HERO,
  FEATURE,
  FEATURE_GRID,
  CALL_TO_ACTION,
  TESTIMONIAL,
  TESTIMONIALS,
];
