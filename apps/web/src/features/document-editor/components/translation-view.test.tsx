import type { Field } from '@plinth/contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { valueIn } from '../field-values';
import { TranslationView } from './translation-view';

const FIELDS: Field[] = [
  { name: 'title', type: 'text', localized: true },
  { name: 'summary', type: 'longtext', localized: true },
  { name: 'views', type: 'integer' },
];

/** The view from `source` into French, over a document holding `data`. */
function renderView(data: Record<string, unknown>, source = 'en') {
  render(
    <TranslationView
      fields={FIELDS}
      locales={['en', 'es', 'fr']}
      source={source}
      target="fr"
      onSourceChange={() => undefined}
      localeValue={(field, locale) => valueIn(field, data, locale)}
      renderTarget={(field) => <p>{field.name} in fr</p>}
      onCopy={() => undefined}
    />,
  );
  return screen.getByRole('region', { name: 'Translation progress' });
}

describe('translation view', () => {
  it('shows how much of each locale is translated from the source', () => {
    const progress = renderView({ title: { en: 'Hello', fr: 'Bonjour' }, summary: { en: 'Short' } });
    expect(
      within(progress)
        .getAllByRole('progressbar')
        .map((bar) => [bar.getAttribute('aria-label'), bar.getAttribute('aria-valuetext')]),
    ).toEqual([
      ['Spanish (es)', '0 of 2'],
      ['French (fr)', '1 of 2'],
    ]);
  });

  it('says there is nothing to translate when the source locale is empty, instead of bars of 0 of 0', () => {
    const progress = renderView({ title: { en: 'Hello', fr: 'Bonjour' } }, 'es');
    expect(within(progress).queryByRole('progressbar')).toBeNull();
    expect(progress.textContent).toBe('Nothing is written in Spanish (es) yet: there is nothing to translate from it.');
  });
});
