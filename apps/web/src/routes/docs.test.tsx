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
