import type { Field } from '@plinth/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FieldConflict } from '../conflicts';
import { ConflictResolver } from './conflict-resolver';

const TITLE: Field = { name: 'title', type: 'text', localized: true };
const VIEWS: Field = { name: 'views', type: 'integer' };

const CONFLICTS: FieldConflict[] = [
  { key: 'en:title', field: TITLE, locale: 'en', mine: 'Oh Hello', theirs: 'Hello there', merged: 'Oh Hello there' },
  { key: '*:views', field: VIEWS, locale: null, mine: 7, theirs: 10, merged: null },
];

describe('conflict resolver', () => {
  it('says truthfully what applying does: nothing of theirs is in the form until then', () => {
    render(
      <ConflictResolver conflicts={CONFLICTS} who="Ada saved a newer version (title.en)." onApply={() => undefined} />,
    );
    const resolver = screen.getByRole('region', { name: '2 fields were changed on both sides' });
    expect(resolver.textContent).toContain(
      'Ada saved a newer version (title.en). Choose what to keep of the fields you both changed. When you apply, their changes to other fields come in and yours stay; nothing is saved until then.',
    );
    expect(resolver.textContent).not.toContain('are loaded');
  });

  it('starts from the combined text where there is one and mine elsewhere, and applies what is chosen', async () => {
    const user = userEvent.setup();
    const onApply = vi.fn();
    render(<ConflictResolver conflicts={CONFLICTS} who="Ada saved a newer version." onApply={onApply} />);
    const title = screen.getByRole('group', { name: 'Title (en)' });
    expect((within(title).getByRole('radio', { name: /Combine both/ }) as HTMLInputElement).checked).toBe(true);
    const views = screen.getByRole('group', { name: 'Views' });
    expect((within(views).getByRole('radio', { name: /Keep mine/ }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(views).getByRole('radio', { name: /Take theirs/ }));
    await user.click(screen.getByRole('button', { name: 'Apply and save' }));
    expect(onApply).toHaveBeenCalledWith({ 'en:title': 'merged', '*:views': 'theirs' });
  });
});
