import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render';

describe('documentation page: webhooks', () => {
  it('says which copy of a document each event carries, and shows the TypeScript signature recipe', async () => {
    renderApp('/docs');
    const section = await screen.findByRole('region', { name: 'Webhooks' });
    const rules = within(section)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(rules).toEqual([
      'document.published: the snapshot just published, as a token with content:read reads it.',
      'document.unpublished: the snapshot that was withdrawn, as readers saw it (with the version it was published with), and its status and published_at (null) after the change.',
      'document.created, document.updated (also sent for a restore) and document.deleted: the working copy, drafts included, as a token with content:preview reads it. Give such a webhook’s URL only to systems that may see unpublished content.',
      'media.* events carry the asset, collection.* events the collection’s model.',
    ]);
    const recipe = within(section).getByText('lib/verify-plinth-signature.ts').closest('figure');
    expect(recipe?.textContent).toContain("import { createHmac, timingSafeEqual } from 'node:crypto';");
    expect(recipe?.textContent).toContain('export function verifyPlinthSignature(options: {');
    expect(recipe?.textContent).toContain('timestamp: string | null | undefined;');
  });
});

describe('documentation page on a phone', () => {
  // happy-dom lays nothing out: these check the markup and CSS that let the page fit 390 px
  // (measured in a real browser by e2e/site.e2e.ts).
  it('lets long inline paths wrap, before each slash and anywhere if need be, and scrolls code blocks inside', async () => {
    renderApp('/docs');
    const section = await screen.findByRole('region', { name: 'Documents' });
    const path = within(section).getByText('/api/v1/projects/:projectId/collections/:collection/documents');
    expect(path.tagName).toBe('CODE');
    // A break opportunity before every slash but the first: 7 slashes, 6 <wbr>.
    expect(path.querySelectorAll('wbr')).toHaveLength(6);
    expect(path.innerHTML).toBe(
      '/api<wbr>/v1<wbr>/projects<wbr>/:projectId<wbr>/collections<wbr>/:collection<wbr>/documents',
    );
    // overflow-wrap: anywhere, for a segment that is longer than the line on its own.
    expect(path.classList.contains('wrap-anywhere')).toBe(true);

    const block = within(section).getByText('List documents').closest('figure');
    expect(block?.querySelector('pre')?.classList.contains('overflow-x-auto')).toBe(true);
  });
});
