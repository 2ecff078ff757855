import type { Translated } from '../starter-plan.js';
import { image, ref, type SampleDocument, type StarterPlan } from '../starter-plan.js';
import { html } from './sample-articles.js';

interface DocsSection {
  key: string;
  title: Translated;
  description: Translated;
  order: number;
}

interface DocsPage {
  key: string;
  section: string;
  parent?: string;
  order: number;
  title: Translated;
  summary: Translated;
  paragraphs: readonly string[];
  published: boolean;
}

const SECTIONS: readonly DocsSection[] = [
  {
    key: 'getting-started',
    order: 1,
    title: { en: 'Getting started', es: 'Primeros pasos', fr: 'Premiers pas', zh: '快速入门' },
    description: {
      en: 'Install, configure and publish your first page.',
      es: 'Instala, configura y publica tu primera página.',
      fr: 'Installez, configurez et publiez votre première page.',
      zh: '安装、配置并发布你的第一个页面。',
    },
  },
  {
    key: 'guides',
    order: 2,
    title: { en: 'Guides', es: 'Guías', fr: 'Guides', zh: '指南' },
    description: {
      en: 'Task-by-task walkthroughs.',
      es: 'Tutoriales tarea por tarea.',
      fr: 'Des tutoriels tâche par tâche.',
      zh: '按任务划分的教程。',
    },
  },
  {
    key: 'reference',
    order: 3,
    title: { en: 'Reference', es: 'Referencia', fr: 'Référence', zh: '参考' },
    description: {
      en: 'Every option, in one place.',
      es: 'Todas las opciones, en un solo lugar.',
      fr: 'Toutes les options, au même endroit.',
      zh: '所有选项，尽在一处。',
    },
  },
];

const PAGES: readonly DocsPage[] = [
  {
    key: 'introduction',
    section: 'getting-started',
    order: 1,
    title: { en: 'Introduction', es: 'Introducción', fr: 'Introduction', zh: '简介' },
    summary: {
      en: 'What this product does and who it is for.',
      es: 'Qué hace este producto y para quién es.',
      fr: 'Ce que fait ce produit et à qui il s’adresse.',
      zh: '本产品的用途和适用人群。',
    },
    paragraphs: [
      'This documentation walks you from installation to your first published page.',
      'Each page belongs to a section and may have a parent page, which gives the sidebar its tree.',
    ],
    published: true,
  },
  {
    key: 'installation',
    section: 'getting-started',
    order: 2,
    title: { en: 'Installation', es: 'Instalación', fr: 'Installation', zh: '安装' },
    summary: { en: 'Install the command-line tool and sign in.', es: 'Instala la herramienta y inicia sesión.' },
    paragraphs: ['Install the package with your package manager, then sign in with the token from your project.'],
    published: true,
  },
  {
    key: 'system-requirements',
    section: 'getting-started',
    parent: 'installation',
    order: 1,
    title: { en: 'System requirements' },
    summary: { en: 'Operating systems and versions we support.' },
    paragraphs: ['Any current version of Linux, macOS or Windows works. Node.js 20 or newer is required.'],
    published: true,
  },
  {
    key: 'first-page',
    section: 'guides',
    order: 1,
    title: { en: 'Publish your first page', fr: 'Publier votre première page' },
    summary: {
      en: 'From a draft to a live URL in five minutes.',
      fr: 'D’un brouillon à une URL en ligne en cinq minutes.',
    },
    paragraphs: [
      'Create a page, write a title and a few paragraphs, and save it as a draft.',
      'Preview it, then publish: readers get the new version at once.',
    ],
    published: true,
  },
  {
    key: 'organizing-pages',
    section: 'guides',
    order: 2,
    title: { en: 'Organizing pages' },
    summary: { en: 'Sections, parents and the order field.' },
    paragraphs: ['Lower order values come first. A page with a parent appears under it in the navigation.'],
    published: false,
  },
  {
    key: 'configuration',
    section: 'reference',
    order: 1,
    title: { en: 'Configuration' },
    summary: { en: 'Every setting and its default.' },
    paragraphs: ['Settings are read from environment variables when the process starts.'],
    published: false,
  },
];

/** Section pictures: small banners. */
const SECTION_IMAGES = SECTIONS.map((section, index) => ({
  key: `section-${section.key}`,
  filename: `${section.key}.png`,
  alt: 'Abstract shapes on a colour gradient',
  width: 800,
  height: 400,
  variant: index + 5,
}));

const sectionDocuments: SampleDocument[] = SECTIONS.map((section) => ({
  collection: 'sections',
  key: section.key,
  published: true,
  data: {
    title: section.title,
    slug: section.key,
    description: section.description,
    order: section.order,
    banner: image(`section-${section.key}`),
  },
}));

const pageDocuments: SampleDocument[] = PAGES.map((page) => ({
  collection: 'pages',
  key: page.key,
  published: page.published,
  data: {
    title: page.title,
    slug: page.key,
    section: ref('sections', page.section),
    parent: page.parent ? ref('pages', page.parent) : null,
    order: page.order,
    summary: page.summary,
    body: { en: html(page.paragraphs) },
  },
}));

/** A documentation site: sections and pages in a tree (slug, order, parent). */
export const DOCS_STARTER: StarterPlan = {
  id: 'docs',
  name: 'Documentation site',
  description: 'Pages grouped in sections, nested under parent pages and ordered, with rich-text bodies.',
  components: [],
  collections: [
    {
      slug: 'sections',
      name: 'Sections',
      description: 'The top-level groups of the documentation',
      display_field: 'title',
      fields: [
        { name: 'title', type: 'text', required: true, localized: true, options: { max_length: 80 } },
        { name: 'slug', type: 'slug', unique: true, options: { from: 'title' } },
        { name: 'description', type: 'longtext', localized: true, options: { max_length: 300 } },
        { name: 'order', type: 'integer', default: 0 },
        { name: 'banner', type: 'media', options: { accept: ['image/*'] } },
      ],
    },
    {
      slug: 'pages',
      name: 'Pages',
      description: 'Documentation pages',
      display_field: 'title',
      fields: [
        { name: 'title', type: 'text', required: true, localized: true, options: { max_length: 200 } },
        { name: 'slug', type: 'slug', required: true, unique: true, options: { from: 'title' } },
        { name: 'section', type: 'reference', required: true, options: { collection: 'sections' } },
        { name: 'parent', type: 'reference', help: 'The page this one sits under', options: { collection: 'pages' } },
        { name: 'order', type: 'integer', default: 0, help: 'Lower comes first' },
        { name: 'summary', type: 'longtext', localized: true, options: { max_length: 300 } },
        { name: 'body', type: 'richtext', localized: true },
      ],
    },
  ],
  images: SECTION_IMAGES,
  documents: [...sectionDocuments, ...pageDocuments],
};
