import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { testCollection } from '../../../test/render';
import { filterFieldsOf, isSortable } from '../fields';
import { FilterBuilder } from './filter-builder';

const PEOPLE = testCollection({ slug: 'people', fields: [{ name: 'name', type: 'text' }] });
const ARTICLES = testCollection({
  slug: 'articles',
  fields: [
    { name: 'title', type: 'text' },
    { name: 'summary', type: 'longtext' },
    { name: 'body', type: 'richtext' },
    { name: 'views', type: 'integer' },
    { name: 'featured', type: 'boolean' },
    { name: 'category', type: 'select', options: { choices: ['news', 'sport'] } },
    { name: 'tags', type: 'select', options: { choices: ['red', 'blue'], multiple: true } },
    { name: 'editors', type: 'reference', options: { collection: 'people', multiple: true } },
    { name: 'extra', type: 'json' },
  ],
});

async function openFilters() {
  const onApply = vi.fn();
  const user = userEvent.setup();
  render(<FilterBuilder fields={filterFieldsOf(ARTICLES, [ARTICLES, PEOPLE])} filters={[]} onApply={onApply} />);
  await user.click(screen.getByRole('button', { name: 'Filter' }));
  const panel = await screen.findByRole('dialog', { name: 'Filters' });
  /** The operators offered once `field` is chosen for the first filter, as they read. */
  const operatorsOf = async (field: string) => {
    await user.selectOptions(within(panel).getByLabelText('Filter 1 field'), field);
    return within(within(panel).getByLabelText('Filter 1 operator'))
      .getAllByRole('option')
      .map((option) => option.textContent);
  };
  return { user, panel, onApply, operatorsOf };
}

describe('FilterBuilder operators', () => {
  it('offers "contains" and "is set" only on fields with several values, the item picked from the choices', async () => {
    const { user, panel, onApply, operatorsOf } = await openFilters();
    expect(await operatorsOf('tags')).toEqual(['contains', 'is set']);
    const value = within(panel).getByLabelText('Filter 1 value');
    expect(
      within(value)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['red', 'blue']);
    await user.selectOptions(value, 'blue');
    await user.click(within(panel).getByRole('button', { name: 'Apply filters' }));
    expect(onApply).toHaveBeenCalledWith([{ field: 'tags', op: 'contains', value: 'blue' }]);
  });

  it('offers "contains" and "is set" on references with several values, an id typed', async () => {
    const { panel, operatorsOf } = await openFilters();
    expect(await operatorsOf('editors')).toEqual(['contains', 'is set']);
    expect(within(panel).getByRole('textbox', { name: 'Filter 1 value' })).toHaveProperty('value', '');
  });

  it('matches a single choice by typed text, and picks one for "is"', async () => {
    const { user, panel, onApply, operatorsOf } = await openFilters();
    expect(await operatorsOf('category')).toEqual([
      'is',
      'is not',
      'is one of',
      'is none of',
      'contains',
      'starts with',
      'is set',
    ]);
    expect(within(panel).getByLabelText('Filter 1 value')).toHaveProperty('value', 'news');
    await user.selectOptions(within(panel).getByLabelText('Filter 1 operator'), 'contains');
    const typed = within(panel).getByRole('textbox', { name: 'Filter 1 value' });
    expect(typed).toHaveProperty('value', '');
    await user.type(typed, 'spo');
    await user.click(within(panel).getByRole('button', { name: 'Apply filters' }));
    expect(onApply).toHaveBeenCalledWith([{ field: 'category', op: 'contains', value: 'spo' }]);
  });

  it('offers no operator the API refuses, nor order where it means nothing to a person', async () => {
    const { operatorsOf } = await openFilters();
    // Rich text is HTML: matched by its words, never compared whole.
    expect(await operatorsOf('body')).toEqual(['contains', 'starts with', 'is set']);
    expect(await operatorsOf('summary')).toEqual([
      'contains',
      'starts with',
      'is',
      'is not',
      'is one of',
      'is none of',
      'is set',
    ]);
    expect(await operatorsOf('title')).toEqual([
      'contains',
      'starts with',
      'is',
      'is not',
      'is one of',
      'is none of',
      'is set',
    ]);
    expect(await operatorsOf('featured')).toEqual(['is', 'is not', 'is set']);
    expect(await operatorsOf('extra')).toEqual(['is set']);
    expect(await operatorsOf('id')).toEqual(['is', 'is not', 'is one of', 'is none of', 'is set']);
    expect(await operatorsOf('views')).toEqual([
      'is',
      'is not',
      'is greater than',
      'is at least',
      'is less than',
      'is at most',
      'is one of',
      'is none of',
      'is set',
    ]);
    expect(await operatorsOf('created_at')).toContain('is before');
  });
});

describe('isSortable', () => {
  it('sorts on what the API sorts: single values and the document columns, not long text or several values', () => {
    const sortable = ['title', 'summary', 'body', 'views', 'featured', 'category', 'tags', 'editors', 'extra']
      .concat(['created_at', 'updated_at', 'published_at', 'status'])
      .filter((key) => isSortable(ARTICLES, key));
    expect(sortable).toEqual(['title', 'views', 'featured', 'category', 'created_at', 'updated_at', 'published_at']);
  });
});
