import type { Field } from '@plinth/contract';
import { SEO_CHECK_IDS } from '@plinth/contract';
import { describe, expect, it } from 'vitest';
import { measureSeo, SEO_CHECK_WEIGHTS, type SeoCheckId, type SeoInput } from './seo-checks.js';

const field = (name: string, type: Field['type'], options?: Field['options']): Field =>
  options ? { name, type, options } : { name, type };

/** An article: the usual fields of a blog post. */
const ARTICLE: SeoInput['collection'] = {
  display_field: 'title',
  fields: [
    field('title', 'text'),
    field('description', 'longtext'),
    field('slug', 'slug'),
    field('body', 'richtext'),
    field('cover', 'media', { accept: ['image/*'] }),
    field('attachment', 'media', { accept: ['application/pdf'] }),
    field('sections', 'blocks', { components: ['columns', 'quote'] }),
  ],
};

const COMPONENTS = new Map<string, readonly Field[]>([
  ['columns', [field('columns', 'blocks', { components: ['column'] })]],
  ['column', [field('content', 'richtext'), field('image', 'media'), field('alt', 'text')]],
  ['quote', [field('text', 'longtext'), field('source_url', 'url')]],
]);

/** Only a title and a body: the smallest document the body checks need. */
const POST: SeoInput['collection'] = {
  display_field: null,
  fields: [field('title', 'text'), field('body', 'richtext')],
};

const run = (input: Partial<SeoInput> & Pick<SeoInput, 'data'>) =>
  measureSeo({ collection: ARTICLE, locale: 'en', components: COMPONENTS, ...input });

const checkOf = (input: Partial<SeoInput> & Pick<SeoInput, 'data'>, id: SeoCheckId) => {
  const found = run(input).checks.find((check) => check.id === id);
  if (!found) throw new Error(`no ${id} check`);
  return found;
};

/** `count` words, none of them a keyword of these tests. */
const words = (count: number, word = 'word') => Array.from({ length: count }, () => word).join(' ');
const chars = (count: number) => 'x'.repeat(count);

describe('measureSeo: title_length', () => {
  it.each([
    [0, 'fail'],
    [1, 'warn'],
    [29, 'warn'],
    [30, 'pass'],
    [60, 'pass'],
    [61, 'warn'],
    [70, 'warn'],
    [71, 'fail'],
  ] as const)('a title of %i characters is a %s', (length, status) => {
    expect(checkOf({ data: { title: chars(length) } }, 'title_length').status).toBe(status);
  });

  it('says how long the title is and by how much to change it', () => {
    expect(checkOf({ data: { title: chars(29) } }, 'title_length').message).toBe(
      'The title (field "title") is 29 characters; 30–60 reads best in search results: add at least 1.',
    );
    expect(checkOf({ data: { title: chars(61) } }, 'title_length').message).toBe(
      'The title (field "title") is 61 characters; search results may cut it after 60: remove at least 1.',
    );
    expect(checkOf({ data: { title: chars(71) } }, 'title_length').message).toBe(
      'The title (field "title") is 71 characters; search results cut it after 60: remove at least 11.',
    );
    expect(checkOf({ data: { title: '  ' } }, 'title_length').message).toBe(
      'The title (field "title") is empty: write a title of 30–60 characters.',
    );
  });

  it('counts characters, not UTF-16 units, after trimming', () => {
    // 29 letters and an emoji: 30 characters, though 31 UTF-16 units.
    const check = checkOf({ data: { title: `  ${chars(29)}😀  ` } }, 'title_length');
    expect(check).toMatchObject({
      status: 'pass',
      message: 'The title (field "title") is 30 characters (30–60 is ideal).',
    });
  });

  it('reads the display field before a field named title, and fails without either', () => {
    const collection = { display_field: 'headline', fields: [field('title', 'text'), field('headline', 'text')] };
    const check = checkOf({ collection, data: { title: chars(40), headline: 'Short' } }, 'title_length');
    expect(check.message).toContain('field "headline") is 5 characters');
    const fallback = { display_field: 'missing', fields: [field('title', 'text')] };
    expect(checkOf({ collection: fallback, data: { title: chars(40) } }, 'title_length').status).toBe('pass');
    const none = { display_field: null, fields: [field('name', 'text')] };
    expect(checkOf({ collection: none, data: { name: chars(40) } }, 'title_length')).toEqual({
      id: 'title_length',
      status: 'fail',
      message: 'This collection has no title: set its display field, or add a field named "title" (30–60 characters).',
    });
  });
});

describe('measureSeo: description_length', () => {
  it.each([
    [1, 'warn'],
    [69, 'warn'],
    [70, 'pass'],
    [160, 'pass'],
    [161, 'warn'],
  ] as const)('a description of %i characters is a %s', (length, status) => {
    expect(checkOf({ data: { description: chars(length) } }, 'description_length').status).toBe(status);
  });

  it('fails when it is missing, saying which fields it looked for', () => {
    expect(checkOf({ data: {} }, 'description_length')).toMatchObject({
      status: 'fail',
      message: 'The description (field "description") is empty: write a summary of 70–160 characters.',
    });
    expect(checkOf({ collection: POST, data: {} }, 'description_length')).toMatchObject({
      status: 'fail',
      message:
        'This collection has no description: add a field named description, meta_description or excerpt (70–160 characters).',
    });
  });

  it('reads meta_description or excerpt, and a rich-text excerpt without its markup', () => {
    const collection = {
      display_field: null,
      fields: [field('description', 'text'), field('excerpt', 'richtext'), field('meta_description', 'text')],
    };
    // description is empty, so the first of the others holding a value is used, in the documented order.
    const check = checkOf(
      { collection, data: { description: '', excerpt: `<p><strong>${chars(40)}</strong></p><p>${chars(39)}</p>` } },
      'description_length',
    );
    // 40 + a space + 39: the tags are not characters of the description.
    expect(check).toMatchObject({
      status: 'pass',
      message: 'The description (field "excerpt") is 80 characters (70–160 is ideal).',
    });
    expect(checkOf({ collection, data: { meta_description: chars(161) } }, 'description_length').message).toBe(
      'The description (field "meta_description") is 161 characters; search results cut it after about 160: remove at least 1.',
    );
  });
});

describe('measureSeo: headings', () => {
  it('passes subheadings that go down one level at a time', () => {
    const body = '<h2>One</h2><p>Text.</p><h3>One a</h3><h3>One b</h3><h2>Two</h2><h3>Two a</h3><h4>Deep</h4>';
    expect(checkOf({ data: { body } }, 'headings')).toMatchObject({
      status: 'pass',
      message: '6 subheadings (2 h2s), in order.',
    });
  });

  it('fails a body without an h2, and warns without any rich text at all', () => {
    expect(checkOf({ data: { body: '<p>Only a paragraph.</p>' } }, 'headings')).toMatchObject({
      status: 'fail',
      message: 'The body has no h2 subheading: split the text into sections, each under an h2 heading.',
    });
    expect(checkOf({ data: { description: 'Some text.' } }, 'headings').status).toBe('warn');
  });

  it('warns about skipped levels, naming each jump, also inside blocks nested two deep', () => {
    const data = {
      body: '<h2>Intro</h2><p>Text.</p>',
      sections: [
        {
          _component: 'columns',
          _key: 'c',
          columns: [
            { _component: 'column', _key: 'a', content: '<h4>Too deep</h4><p>Text.</p>' },
            { _component: 'column', _key: 'b', content: '<h2>Back</h2><h3>Fine</h3><h6>Far too deep</h6>' },
          ],
        },
      ],
    };
    expect(checkOf({ data }, 'headings')).toMatchObject({
      status: 'warn',
      message:
        'Heading levels are skipped: h2 → h4 ("Too deep"), h3 → h6 ("Far too deep"); go down one level at a time.',
    });
  });

  it('counts a body starting below h2 as a skip from the title’s h1', () => {
    const check = checkOf({ data: { body: '<h3>Start</h3><h2>Then</h2>' } }, 'headings');
    expect(check).toMatchObject({ status: 'warn', message: expect.stringContaining('h1 → h3 ("Start")') });
  });

  it('warns about an h1 in the body, and keeps the worst status when several things are wrong', () => {
    expect(checkOf({ data: { body: '<h1>Title again</h1><h2>Part</h2>' } }, 'headings')).toMatchObject({
      status: 'warn',
      message: "The body has 1 h1 heading; the title is the page's h1: make it an h2.",
    });
    const both = checkOf({ data: { body: '<h1>Title</h1><h3>Part</h3>' } }, 'headings');
    expect(both.status).toBe('fail');
    expect(both.message).toBe(
      'The body has no h2 subheading: split the text into sections, each under an h2 heading. ' +
        "The body has 1 h1 heading; the title is the page's h1: make it an h2. " +
        'Heading levels are skipped: h1 → h3 ("Part"); go down one level at a time.',
    );
  });
});

describe('measureSeo: keyword_in_title', () => {
  it('passes with no keyword, saying so, and leaves keyword checks out of the score', () => {
    const data = { title: chars(40), description: chars(100) };
    const without = run({ data });
    expect(without.checks.find((check) => check.id === 'keyword_in_title')).toEqual({
      id: 'keyword_in_title',
      status: 'pass',
      message: 'No keyword given.',
    });
    expect(without.checks.find((check) => check.id === 'keyword_density')?.message).toBe('No keyword given.');
    // A keyword of no words (punctuation only) is no keyword.
    expect(run({ data, keyword: ' ?! ' })).toEqual(without);
  });

  it('matches words whatever their case and accents, multi-word keywords in order', () => {
    const title = 'Diseño Web para pequeñas empresas en Madrid';
    expect(checkOf({ data: { title }, keyword: 'diseno WEB' }, 'keyword_in_title')).toEqual({
      id: 'keyword_in_title',
      status: 'pass',
      message: 'The title contains the keyword "diseno WEB".',
    });
    expect(checkOf({ data: { title }, keyword: 'web diseño' }, 'keyword_in_title').status).toBe('fail');
  });

  it('matches whole words only', () => {
    expect(checkOf({ data: { title: 'Gardening for beginners' }, keyword: 'garden' }, 'keyword_in_title')).toEqual({
      id: 'keyword_in_title',
      status: 'fail',
      message: 'The title does not contain the keyword "garden": put it in the title, near the start.',
    });
  });
});

describe('measureSeo: keyword_density', () => {
  /** A body of `total` words, `hits` of them the keyword. */
  const density = (total: number, hits: number) =>
    checkOf(
      {
        collection: POST,
        data: { body: `<h2>${words(total - hits)}</h2><p>${words(hits, 'Garden')}</p>` },
        keyword: 'garden',
      },
      'keyword_density',
    );

  it.each([
    // hits of 200 words → density
    [0, 'warn', '0%'], // 0 / 200
    [1, 'pass', '0.5%'], // 1 / 200 = 0.5%
    [5, 'pass', '2.5%'], // 5 / 200 = 2.5%
    [6, 'warn', '3%'], // 6 / 200 = 3%, over 2.5% but not stuffing yet
    [7, 'fail', '3.5%'], // 7 / 200 = 3.5%
  ] as const)('%i uses in 200 words is a %s (%s)', (hits, status, percent) => {
    const check = density(200, hits);
    expect(check.status).toBe(status);
    expect(check.message).toContain(`in 200 words (${percent})`);
  });

  it('says how many uses are needed when there are too few', () => {
    // 0 / 201 words: 0.5% of 201 words is 1.005 words, so 2 uses.
    expect(density(201, 0).message).toBe(
      'The keyword "garden" appears 0 times in 201 words (0%); 0.5–2.5% is best: use it at least 2 times.',
    );
    expect(density(250, 1)).toEqual({
      id: 'keyword_density',
      status: 'warn',
      message: 'The keyword "garden" appears once in 250 words (0.4%); 0.5–2.5% is best: use it at least 2 times.',
    });
    // 1 / 201 = 0.4975%, shown and compared as 0.5%.
    expect(density(201, 1)).toMatchObject({
      status: 'pass',
      message: expect.stringContaining('once in 201 words (0.5%)'),
    });
  });

  it('counts each word of a multi-word keyword, without accents or case', () => {
    const body = (uses: number) =>
      `<p>${words(100 - 2 * uses)} ${Array.from({ length: uses }, () => 'Contenido Modélico').join(' ')}</p>`;
    // 1 use × 2 words / 100 words = 2%
    expect(
      checkOf({ collection: POST, data: { body: body(1) }, keyword: 'contenido modelico' }, 'keyword_density'),
    ).toMatchObject({
      status: 'pass',
      message: 'The keyword "contenido modelico" appears once in 100 words (2%) (0.5–2.5% is best).',
    });
    // 2 uses × 2 words / 100 words = 4%
    expect(
      checkOf({ collection: POST, data: { body: body(2) }, keyword: 'contenido modelico' }, 'keyword_density'),
    ).toMatchObject({
      status: 'fail',
      message:
        'The keyword "contenido modelico" appears 2 times in 100 words (4%); above 3% search engines may treat it as keyword stuffing: use it less or use synonyms.',
    });
  });

  it('does not count overlapping uses twice, nor the title, description and slug', () => {
    // "la la la" holds "la la" once without overlap: 2 words of 40 = 5%.
    const data = {
      title: 'la la la la',
      description: 'la la la la',
      slug: 'la-la',
      body: `<p>la la la ${words(37)}</p>`,
    };
    expect(checkOf({ data, keyword: 'la la' }, 'keyword_density').message).toContain('appears once in 40 words (5%)');
  });

  it('warns about a body without text', () => {
    expect(checkOf({ data: {}, keyword: 'garden' }, 'keyword_density')).toMatchObject({
      status: 'warn',
      message: 'The body has no text, so the keyword "garden" does not appear in it.',
    });
  });
});

describe('measureSeo: image_alt', () => {
  it('passes a document without images, and one whose images all have alt text', () => {
    expect(checkOf({ data: { body: '<p>No pictures.</p>' } }, 'image_alt')).toMatchObject({
      status: 'pass',
      message: 'The document has no images.',
    });
    const data = { body: '<p><img src="https://x.example/a.png" alt="A red door"></p>', cover: 'asset-1' };
    expect(checkOf({ data, assetAlts: new Map([['asset-1', 'A garden']]) }, 'image_alt')).toMatchObject({
      status: 'pass',
      message: 'All 2 images have alt text.',
    });
  });

  it('finds images without alt in rich text, media, and blocks nested two deep, listing where', () => {
    const data = {
      body: '<p><img src="https://x.example/a.png" alt="Fine"><img src="https://x.example/b.png"></p>',
      cover: 'asset-no-alt',
      // Not an image field (it accepts PDFs only), so never counted.
      attachment: 'asset-pdf',
      sections: [
        {
          _component: 'columns',
          _key: 'c',
          columns: [
            // Alt from the asset.
            { _component: 'column', _key: 'a', image: 'asset-1', alt: '' },
            // The block's alt field is empty and the asset has none: missing.
            { _component: 'column', _key: 'b', image: 'asset-2', alt: '  ' },
            // The block's alt field describes an asset without alt.
            { _component: 'column', _key: 'c', image: 'asset-2', alt: 'A shed' },
            // A rich-text image without alt, two levels down.
            { _component: 'column', _key: 'd', content: '<figure><img src="https://x.example/c.png" alt=""></figure>' },
          ],
        },
      ],
    };
    const assetAlts = new Map<string, string | null>([
      ['asset-1', 'A bench'],
      ['asset-2', null],
      ['asset-no-alt', ''],
      ['asset-pdf', ''],
    ]);
    expect(checkOf({ data, assetAlts }, 'image_alt')).toEqual({
      id: 'image_alt',
      status: 'fail',
      message:
        '4 of 7 images have no alt text (body, cover, sections.0.columns.1.image, sections.0.columns.3.content): describe each image in its alt text.',
    });
  });

  it('does not count a media value it cannot know is an image', () => {
    // No asset map and no alt field beside the cover: the caller did not say it is an image.
    expect(checkOf({ data: { cover: 'asset-1' } }, 'image_alt').message).toBe('The document has no images.');
  });

  it('reads multiple media, a `<field>_alt` field, and blocks of unknown components by shape', () => {
    const collection = {
      display_field: null,
      fields: [
        field('title', 'text'),
        field('gallery', 'media', { multiple: true }),
        field('hero', 'media'),
        field('hero_alt', 'text'),
        field('content', 'blocks', { components: ['legacy'] }),
      ],
    };
    const data = {
      gallery: ['g1', 'g2'],
      hero: 'h1',
      hero_alt: 'A lake at dawn',
      content: [{ _component: 'legacy', _key: 'l', alt: '', caption: 'A caption of several words.' }],
    };
    const check = checkOf(
      { collection, data, assetAlts: new Map([['g1', 'One']]), components: new Map() },
      'image_alt',
    );
    // g1 (alt), h1 (hero_alt), and the legacy block's empty alt; g2 is unknown to the map.
    expect(check.message).toBe('1 of 3 images has no alt text (content.0.alt): describe each image in its alt text.');
  });
});

describe('measureSeo: readability', () => {
  it('measures Flesch reading ease for English, with the counts it used', () => {
    // 10 words, 2 sentences, 10 syllables: 206.835 − 1.015 × 5 − 84.6 × 1 = 117.16
    expect(
      checkOf({ collection: POST, data: { body: '<p>The cat sat on the mat. The dog runs fast.</p>' } }, 'readability'),
    ).toEqual({
      id: 'readability',
      status: 'pass',
      message: 'Flesch reading ease is 117.2 (10 words, 2 sentences, 10 syllables): easy to read (60 or more).',
    });
  });

  it('warns from 30 to 59 and fails below 30', () => {
    // 10 words, 1 sentence, 4+5+1+1+2+1+1+1+1+1 = 18 syllables: 206.835 − 10.15 − 152.28 = 44.405
    const medium = '<p>Comprehensive documentation is the garden of our warm green dog.</p>';
    expect(checkOf({ collection: POST, data: { body: medium } }, 'readability')).toMatchObject({
      status: 'warn',
      message:
        'Flesch reading ease is 44.4 (10 words, 1 sentence, 18 syllables); 60 or more is easy to read: use shorter sentences and words.',
    });
    // 6 words, 1 sentence, 8+5+4+4+6+5 = 32 syllables: 206.835 − 6.09 − 451.2 = −250.455
    const hard = '<p>Internationalization considerations necessitate comprehensive organizational documentation.</p>';
    expect(checkOf({ collection: POST, data: { body: hard } }, 'readability')).toMatchObject({
      status: 'fail',
      message: expect.stringMatching(
        /^Flesch reading ease is -250\.[45] \(6 words, 1 sentence, 32 syllables\); below 30/,
      ),
    });
  });

  it('ends a sentence at each paragraph, heading and list item, even without a full stop', () => {
    const body = '<h2>The cat</h2><ul><li>sat on</li><li>the mat</li></ul>';
    expect(checkOf({ collection: POST, data: { body } }, 'readability').message).toContain(
      '(6 words, 3 sentences, 6 syllables)',
    );
  });

  it('is measured for en-GB too, and not for Spanish: a pass that says so, left out of the score', () => {
    const hard = '<p>Internationalization considerations necessitate comprehensive organizational documentation.</p>';
    expect(checkOf({ collection: POST, data: { body: hard }, locale: 'en-GB' }, 'readability').status).toBe('fail');
    const spanish = '<p>La documentación organizativa exhaustiva requiere consideraciones de internacionalización.</p>';
    expect(checkOf({ collection: POST, data: { body: spanish }, locale: 'es' }, 'readability')).toEqual({
      id: 'readability',
      status: 'pass',
      message: 'Readability (Flesch reading ease) is only measured for English; not measured for "es".',
    });
  });

  it('warns when there is no body text to measure', () => {
    expect(checkOf({ data: { title: 'Only a title' } }, 'readability')).toMatchObject({
      status: 'warn',
      message: 'The body has no text to measure readability on.',
    });
  });
});

describe('measureSeo: slug', () => {
  const slugCheck = (slug: unknown, keyword?: string) => checkOf({ data: { slug }, keyword }, 'slug');

  it('passes a short, readable slug, and one of exactly 75 characters', () => {
    expect(slugCheck('spring-garden-tips')).toEqual({
      id: 'slug',
      status: 'pass',
      message: 'The slug "spring-garden-tips" is short and readable (18 characters).',
    });
    expect(slugCheck(`garden-${'a'.repeat(68)}`).status).toBe('pass');
  });

  it('warns about a slug over 75 characters', () => {
    expect(slugCheck(`garden-${'a'.repeat(69)}`)).toMatchObject({
      status: 'warn',
      message: expect.stringContaining('it is 76 characters: keep it to 75 or fewer'),
    });
  });

  it('fails an empty slug, and one that is not lowercase words joined by hyphens', () => {
    expect(slugCheck('').status).toBe('fail');
    expect(slugCheck(undefined).message).toBe('The slug (field "slug") is empty: give the page a short, readable URL.');
    for (const slug of ['Spring-Garden', 'spring_garden', 'spring--garden', 'spring garden', '-spring']) {
      expect(slugCheck(slug).status).toBe('fail');
    }
    expect(slugCheck('Spring_Garden').message).toBe(
      'The slug "Spring_Garden" must be lowercase letters and digits separated by single hyphens (like "spring-garden").',
    );
  });

  it.each([
    ['the-and-of', 'it holds only filler words'],
    ['untitled', 'it holds only filler words'],
    ['12345', 'it looks like an id'],
    ['2024-06-01', 'it looks like an id'],
    ['0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', 'it looks like an id'],
    ['a8f3k2j9x1', 'it looks like an id'],
  ])('warns about "%s": %s', (slug, problem) => {
    expect(slugCheck(slug)).toMatchObject({ status: 'warn', message: expect.stringContaining(problem) });
  });

  it('does not take a word with digits for an id', () => {
    expect(slugCheck('top-10-gardens-2024').status).toBe('pass');
  });

  it('warns when the keyword is not in the slug, matching its words without accents', () => {
    expect(slugCheck('spring-tips', 'Small Garden')).toEqual({
      id: 'slug',
      status: 'warn',
      message: 'The slug "spring-tips": it does not contain the keyword "Small Garden" (as "small-garden").',
    });
    expect(slugCheck('small-garden-tips', 'Small Garden').status).toBe('pass');
    expect(slugCheck('diseno-web', 'diseño web').status).toBe('pass');
    // A part of a word is not the word.
    expect(slugCheck('gardening', 'garden').status).toBe('warn');
  });

  it('passes a collection without a slug field, saying so, and uses a text field named slug', () => {
    expect(checkOf({ collection: POST, data: {} }, 'slug')).toEqual({
      id: 'slug',
      status: 'pass',
      message: 'This collection has no slug field.',
    });
    const collection = { display_field: null, fields: [field('slug', 'text')] };
    expect(checkOf({ collection, data: { slug: 'About Us' } }, 'slug').status).toBe('fail');
  });
});

describe('measureSeo: links', () => {
  const linksCheck = (body: string, projectOrigin?: string) =>
    checkOf({ collection: POST, data: { body }, projectOrigin }, 'links');

  it('passes with an internal link: relative, or to the project’s own origin', () => {
    expect(linksCheck('<p><a href="/blog/soil">Soil</a></p>')).toEqual({
      id: 'links',
      status: 'pass',
      message: 'The body has 1 internal link and 0 external links.',
    });
    expect(linksCheck('<p><a href="soil">Soil</a></p>').status).toBe('pass');
    expect(linksCheck('<p><a href="https://www.site.example/about">About</a></p>', 'https://site.example').status).toBe(
      'pass',
    );
  });

  it('counts external links, and warns without an internal one', () => {
    const body =
      '<p><a href="https://other.example/a">A</a> <a href="//cdn.other.example/b">B</a> ' +
      '<a href="https://site.example/c">C</a></p>';
    expect(linksCheck(body)).toEqual({
      id: 'links',
      status: 'warn',
      message: 'The body has 0 internal links and 3 external links: link to at least one other page of your site.',
    });
    expect(linksCheck(body, 'https://site.example').message).toBe('The body has 1 internal link and 2 external links.');
  });

  it('warns without links, ignoring jumps within the page, mail and phone links', () => {
    const body = '<p><a href="#top">Top</a> <a href="mailto:a@b.example">Mail</a> <a href="tel:+331">Call</a></p>';
    expect(linksCheck(body)).toEqual({
      id: 'links',
      status: 'warn',
      message:
        'The body has 0 internal links and 0 external links: link to at least one other page of your site, and to a source worth citing.',
    });
  });

  it('counts url fields inside blocks, and links in rich text nested in blocks', () => {
    const data = {
      sections: [
        { _component: 'quote', _key: 'q', text: 'Words of wisdom.', source_url: 'https://source.example/q' },
        {
          _component: 'columns',
          _key: 'c',
          columns: [{ _component: 'column', _key: 'a', content: '<p><a href="/about">About</a></p>' }],
        },
      ],
    };
    expect(checkOf({ data }, 'links').message).toBe('The body has 1 internal link and 1 external link.');
  });
});

describe('measureSeo: score', () => {
  it('weighs the checks to 100', () => {
    expect(Object.values(SEO_CHECK_WEIGHTS).reduce((sum, weight) => sum + weight, 0)).toBe(100);
  });

  it('returns every check, once, in a fixed order', () => {
    expect(run({ data: {} }).checks.map((check) => check.id)).toEqual([...SEO_CHECK_IDS]);
  });

  it('scores a document that passes everything 100', () => {
    const body =
      '<h2>Plan the garden</h2>' +
      '<p>Start small. Pick a spot with sun. Dig the soil and add some mulch. ' +
      'Read our <a href="/blog/soil">notes on soil</a> first.</p>' +
      '<h3>What to grow</h3>' +
      '<p>Grow herbs, beans and peas. They are cheap and they grow fast. ' +
      'Water them each day in the dry months.</p>' +
      '<p><img src="https://img.example/beans.jpg" alt="Beans on a pole"></p>';
    const result = measureSeo({
      collection: ARTICLE,
      components: COMPONENTS,
      locale: 'en',
      keyword: 'garden',
      projectOrigin: 'https://site.example',
      assetAlts: new Map([['cover-1', 'A small garden in spring']]),
      data: {
        title: 'How to plan a small garden in spring',
        description: 'A short guide to planning a small garden: what to plant, where to put it, and when to water it.',
        slug: 'small-garden-in-spring',
        body,
        cover: 'cover-1',
      },
    });
    expect(result.checks.filter((check) => check.status !== 'pass')).toEqual([]);
    expect(result.score).toBe(100);
  });

  it('scores a document that fails everything 5: a missing internal link is only a warning (half of 10)', () => {
    const result = measureSeo({
      collection: ARTICLE,
      components: COMPONENTS,
      locale: 'en',
      keyword: 'documentation',
      data: {
        title: '',
        description: '',
        slug: 'Bad_Slug',
        body:
          '<h4>Documentation</h4><p><img src="https://img.example/x.png">' +
          'Internationalization considerations necessitate comprehensive organizational documentation.</p>',
      },
    });
    expect(result.checks.map((check) => [check.id, check.status])).toEqual([
      ['title_length', 'fail'],
      ['description_length', 'fail'],
      ['headings', 'fail'],
      ['keyword_in_title', 'fail'],
      ['keyword_density', 'fail'],
      ['image_alt', 'fail'],
      ['readability', 'fail'],
      ['slug', 'fail'],
      ['links', 'warn'],
    ]);
    expect(result.score).toBe(5);
  });

  it('leaves checks that do not apply out of the score (Spanish, no keyword, no slug field)', () => {
    const collection = {
      display_field: null,
      fields: [field('title', 'text'), field('excerpt', 'text'), field('body', 'richtext')],
    };
    const result = measureSeo({
      collection,
      locale: 'es',
      data: {
        title: 'Cómo planificar un pequeño huerto en primavera',
        excerpt: 'Una guía breve para planificar un huerto pequeño: qué plantar, dónde ponerlo y cuándo regarlo.',
        // No h2: headings fail. Everything else that applies passes.
        body: '<p>Empieza poco a poco. Lee nuestras <a href="/blog/suelo">notas sobre el suelo</a>.</p>',
      },
    });
    expect(result.checks.find((check) => check.id === 'headings')?.status).toBe('fail');
    expect(result.checks.filter((check) => check.status !== 'pass').map((check) => check.id)).toEqual(['headings']);
    // Counted: title 15 + description 15 + headings 10 + image_alt 10 + links 10 = 60; earned 50.
    expect(result.score).toBe(Math.round((50 / 60) * 100));
    expect(result.score).toBe(83);
  });

  it('gives half the weight for a warning', () => {
    // title warn (15 × ½), description fail, headings warn (no rich text), no keyword, image_alt pass,
    // readability warn (no text), slug fail (empty), links warn: 7.5 + 5 + 10 + 5 + 5 = 32.5 of 80.
    const result = run({ data: { title: 'Short' } });
    expect(result.score).toBe(Math.round((32.5 / 80) * 100));
    expect(result.score).toBe(41);
  });
});
