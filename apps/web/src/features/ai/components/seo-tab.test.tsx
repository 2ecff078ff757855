import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FetchCall, fakeFetch, json } from '../../../test/render';
import { renderAssistant } from './ai-test-helpers';

const SEO = '/api/v1/projects/p1/ai/seo';

const REPORT = {
  score: 64,
  checks: [
    { id: 'title_length', status: 'pass', message: 'The title is 42 characters.' },
    { id: 'description_length', status: 'warn', message: 'The description is short.' },
    { id: 'image_alt', status: 'fail', message: '2 images have no alt text.' },
  ],
  suggestions: {
    meta_title: 'Spring teas, picked fresh',
    meta_description: 'Our spring teas, with free shipping.',
    keywords: ['tea', 'spring'],
  },
};

async function openSeo(options: Parameters<typeof renderAssistant>[0] = {}) {
  const view = renderAssistant(options);
  await view.user.click(screen.getByRole('button', { name: 'AI assistant' }));
  await view.user.click(await screen.findByRole('tab', { name: 'SEO' }));
  return view;
}

describe('AI assistant: SEO', () => {
  it('checks with the keyword, shows the score, checks and suggestions, and Use fills the field', async () => {
    const calls: FetchCall[] = fakeFetch((call) => (call.path === SEO ? json(200, { data: REPORT }) : json(404)));
    const { user, onChange } = await openSeo({ locale: 'es' });
    await user.type(screen.getByRole('textbox', { name: 'Focus keyword (optional)' }), ' tea ');
    await user.click(screen.getByRole('button', { name: 'Check' }));

    const report = within(await screen.findByRole('region', { name: 'SEO report' }));
    expect(calls[0]?.body).toEqual({ document_id: 'd1', locale: 'es', keyword: 'tea' });
    expect(report.getByRole('meter', { name: 'SEO score' }).getAttribute('value')).toBe('64');
    expect(report.getByText('64')).toBeTruthy();
    expect(report.getByText('Needs work')).toBeTruthy();
    expect(report.getByRole('list', { name: 'Checks' }).textContent).toContain('Warning: Description length');
    expect(report.getByText('2 images have no alt text.')).toBeTruthy();
    expect(report.getByText('Fail:')).toBeTruthy();

    const suggestions = within(report.getByRole('list', { name: 'Suggestions' }));
    expect(suggestions.getByText('Spring teas, picked fresh')).toBeTruthy();
    expect(suggestions.getByText('tea, spring')).toBeTruthy();
    // The collection has no keywords field: nothing to use it in.
    expect(suggestions.getByText('This collection has no field for it.')).toBeTruthy();
    await user.click(suggestions.getByRole('button', { name: 'Use as Meta title' }));
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ name: 'meta_title' }), 'Spring teas, picked fresh');
    await user.click(suggestions.getByRole('button', { name: 'Use as Excerpt' }));
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ name: 'excerpt' }),
      'Our spring teas, with free shipping.',
    );
    expect(screen.getByText('Put into Excerpt as an unsaved change.')).toBeTruthy();
  });

  it('shows the checks without a model, and sends no keyword when none is given', async () => {
    const calls = fakeFetch(() => json(200, { data: { ...REPORT, score: 91, suggestions: null } }));
    const { user } = await openSeo();
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Good')).toBeTruthy();
    expect(calls[0]?.body).toEqual({ document_id: 'd1', locale: 'en' });
    expect(screen.getByText(/Suggestions come from the AI model/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Use as/ })).toBeNull();
  });

  it('shows a failure, and asks to save a new document first', async () => {
    fakeFetch(() => json(500, { statusCode: 500, code: 'INTERNAL', message: 'Internal Server Error' }));
    const { user, unmount } = await openSeo();
    await user.click(screen.getByRole('button', { name: 'Check' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Internal Server Error'));
    unmount();
    await openSeo({ document: null });
    expect(screen.getByText(/Save the document first: the check reads its saved copy/)).toBeTruthy();
  });
});
