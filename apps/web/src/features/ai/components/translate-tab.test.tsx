import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FetchCall, fakeFetch, json } from '../../../test/render';
import { DOCUMENT, renderAssistant } from './ai-test-helpers';

const TRANSLATE = '/api/v1/projects/p1/ai/translate';

async function openTranslate(options: Parameters<typeof renderAssistant>[0] = {}) {
  const view = renderAssistant(options);
  await view.user.click(screen.getByRole('button', { name: 'AI assistant' }));
  await view.user.click(await screen.findByRole('tab', { name: 'Translate' }));
  return view;
}

describe('AI assistant: translate', () => {
  it('sends the source and target locales, shows what changed per locale, then reloads the editor', async () => {
    let answer: (response: Response) => void = () => undefined;
    const calls: FetchCall[] = fakeFetch((call) =>
      call.path === TRANSLATE ? new Promise<Response>((resolve) => (answer = resolve)) : json(404),
    );
    const { user, onTranslated } = await openTranslate();
    expect((screen.getByRole('combobox', { name: 'Translate from' }) as HTMLSelectElement).value).toBe('en');
    const es = screen.getByRole('checkbox', { name: 'es' }) as HTMLInputElement;
    const fr = screen.getByRole('checkbox', { name: 'fr' }) as HTMLInputElement;
    expect([es.checked, fr.checked]).toEqual([true, true]);
    expect(screen.queryByRole('checkbox', { name: 'en' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Translate' }));

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      body: { document_id: 'd1', source_locale: 'en', target_locales: ['es', 'fr'] },
    });
    expect(await screen.findByText(/Translating into es, fr/)).toBeTruthy();
    expect(onTranslated).not.toHaveBeenCalled();

    answer(
      json(200, {
        data: {
          ...DOCUMENT,
          version: 5,
          data: {
            ...DOCUMENT.data,
            title: { en: 'Hello', es: 'Hola', fr: 'Bonjour' },
            body: {
              en: '<p>Tea is <b>good</b>.</p>',
              es: '<p>El té es <b>bueno</b>.</p>',
              fr: '<p>Le thé est bon.</p>',
            },
          },
        },
      }),
    );
    const review = await screen.findByRole('region', { name: 'What the translation changed' });
    expect(onTranslated).toHaveBeenCalledTimes(1);
    const esChanges = within(within(review).getByRole('list', { name: 'Changes in es' }));
    expect(esChanges.getAllByRole('listitem')).toHaveLength(1);
    expect(esChanges.getByText('Body')).toBeTruthy();
    expect(esChanges.getByText('(empty)')).toBeTruthy();
    expect(esChanges.getByText('El té es bueno.')).toBeTruthy();
    const frChanges = within(within(review).getByRole('list', { name: 'Changes in fr' }));
    expect(frChanges.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'TitleBefore: (empty)After: Bonjour',
      'BodyBefore: (empty)After: Le thé est bon.',
    ]);
  });

  it('translates from another source into the locales left checked', async () => {
    const calls = fakeFetch((call) => (call.path === TRANSLATE ? json(200, { data: DOCUMENT }) : json(404)));
    const { user, onTranslated } = await openTranslate();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Translate from' }), 'es');
    await user.click(screen.getByRole('checkbox', { name: 'en' }));
    await user.click(screen.getByRole('button', { name: 'Translate' }));
    await waitFor(() => expect(onTranslated).toHaveBeenCalled());
    expect(calls[0]?.body).toEqual({ document_id: 'd1', source_locale: 'es', target_locales: ['fr'] });
    expect(screen.getAllByText('No field changed.')).toHaveLength(1);
  });

  it('is unavailable for a new document and with unsaved changes, saying why', async () => {
    const calls = fakeFetch(() => json(404));
    const first = await openTranslate({ document: null });
    expect(screen.getByText(/Save the document first: translation works/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Translate' }) as HTMLButtonElement).disabled).toBe(true);
    first.unmount();

    await openTranslate({ hasUnsaved: true });
    expect(screen.getByText(/Save your changes first/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Translate' }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls).toHaveLength(0);
  });

  it('shows the model’s failure and says nothing was written', async () => {
    fakeFetch(() => json(502, { statusCode: 502, code: 'UPSTREAM_ERROR', message: 'The model failed for fr' }));
    const { user, onTranslated } = await openTranslate();
    await user.click(screen.getByRole('button', { name: 'Translate' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The model failed for fr');
    expect(alert.textContent).toContain('Nothing was written.');
    expect(onTranslated).not.toHaveBeenCalled();
  });
});
