import type { Field } from '@plinth/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FieldControl, type FieldControlProps } from './field-control';

/**
 * One field as the document form holds it: the value it shows is the last one it sent, and
 * `changes` records every value sent.
 */
function renderField(
  field: Field,
  props: Partial<Omit<FieldControlProps, 'field' | 'onChange'>> = {},
): { changes: ReturnType<typeof vi.fn<(value: unknown) => void>>; latest: () => unknown } {
  const changes = vi.fn<(value: unknown) => void>();
  function Form() {
    const [value, setValue] = useState<unknown>(props.value ?? null);
    return (
      <FieldControl
        field={field}
        fallback={null}
        fallbackLocale={null}
        readOnly={false}
        {...props}
        value={value}
        onChange={(next) => {
          changes(next);
          setValue(next);
        }}
      />
    );
  }
  render(<Form />);
  return { changes, latest: () => changes.mock.lastCall?.[0] };
}

/** The texts an element's aria-describedby points at, in order. */
const descriptionOf = (element: HTMLElement): string =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? `(missing #${id})`)
    .join(' | ');

let user: ReturnType<typeof userEvent.setup>;

beforeEach(() => {
  user = userEvent.setup();
});

describe('label, hints and errors', () => {
  it('names the control by its label, reads out the required mark and says a field is translatable', () => {
    render(
      <>
        <FieldControl
          field={{ name: 'title', type: 'text', required: true, localized: true }}
          value="Hello"
          fallback={null}
          fallbackLocale={null}
          readOnly={false}
          onChange={() => {}}
        />
        <FieldControl
          field={{ name: 'sub_title', type: 'text', label: 'Strapline' }}
          value=""
          fallback={null}
          fallbackLocale={null}
          readOnly={false}
          onChange={() => {}}
        />
      </>,
    );
    const title = screen.getByRole('textbox', { name: 'Title (required) translatable' }) as HTMLInputElement;
    expect(title.value).toBe('Hello');
    // The star is for the eye; a screen reader says "required" instead.
    expect(screen.getByText('*').getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'Strapline' })).toBeTruthy();
  });

  it('shows the help text and the server’s error, ties both to the control and marks it invalid', () => {
    render(
      <FieldControl
        field={{ name: 'title', type: 'text', help: 'Shown in search results.' }}
        value="x"
        fallback={null}
        fallbackLocale={null}
        error="is already used by another document"
        readOnly={false}
        onChange={() => {}}
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Title' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('is already used by another document')).toBeTruthy();
    expect(descriptionOf(input)).toBe('is already used by another document | Shown in search results.');
  });

  it('is not marked invalid without an error', () => {
    renderField({ name: 'title', type: 'text' });
    const input = screen.getByRole('textbox', { name: 'Title' });
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
  });

  it('marks the other kinds of control invalid too when the server refuses their value', () => {
    const error = 'is not valid';
    render(
      <>
        <FieldControl
          field={{ name: 'views', type: 'integer' }}
          value={3}
          fallback={null}
          fallbackLocale={null}
          error={error}
          readOnly={false}
          onChange={() => {}}
        />
        <FieldControl
          field={{ name: 'kind', type: 'select', options: { choices: ['news'] } }}
          value="news"
          fallback={null}
          fallbackLocale={null}
          error={error}
          readOnly={false}
          onChange={() => {}}
        />
        <FieldControl
          field={{ name: 'settings', type: 'json' }}
          value={{ a: 1 }}
          fallback={null}
          fallbackLocale={null}
          error={error}
          readOnly={false}
          onChange={() => {}}
        />
        <FieldControl
          field={{ name: 'featured', type: 'boolean' }}
          value={false}
          fallback={null}
          fallbackLocale={null}
          error={error}
          readOnly={false}
          onChange={() => {}}
        />
        <FieldControl
          field={{ name: 'tags', type: 'select', options: { choices: ['a', 'b'], multiple: true } }}
          value={['a']}
          fallback={null}
          fallbackLocale={null}
          error={error}
          readOnly={false}
          onChange={() => {}}
        />
      </>,
    );
    for (const control of [
      screen.getByRole('checkbox', { name: 'Featured' }),
      screen.getByRole('group', { name: 'Tags' }),
      screen.getByRole('spinbutton', { name: 'Views' }),
      screen.getByRole('combobox', { name: 'Kind' }),
      screen.getByRole('textbox', { name: 'Settings' }),
    ]) {
      expect(control.getAttribute('aria-invalid')).toBe('true');
      expect(descriptionOf(control)).toBe(error);
    }
  });

  it('shows the default locale’s value as a hint while a translation is empty, and not once it has one', async () => {
    renderField(
      { name: 'title', type: 'text', localized: true },
      { value: null, fallback: 'Hello world', fallbackLocale: 'en' },
    );
    const input = screen.getByRole('textbox', { name: /^Title/ });
    expect(descriptionOf(input)).toBe('Empty: readers get the en value, “Hello world”');
    await user.type(input, 'Hola');
    expect(input.getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByText(/readers get the en value/)).toBeNull();
    await user.clear(input);
    expect(screen.getByText('Empty: readers get the en value, “Hello world”')).toBeTruthy();
  });

  it('cuts a long fallback short and says nothing where the default locale has no value either', () => {
    render(
      <>
        <FieldControl
          field={{ name: 'summary', type: 'longtext', localized: true }}
          value=""
          fallback={'a'.repeat(200)}
          fallbackLocale="en"
          readOnly={false}
          onChange={() => {}}
        />
        <FieldControl
          field={{ name: 'title', type: 'text', localized: true }}
          value={null}
          fallback={null}
          fallbackLocale="en"
          readOnly={false}
          onChange={() => {}}
        />
      </>,
    );
    expect(descriptionOf(screen.getByRole('textbox', { name: /^Summary/ }))).toBe(
      `Empty: readers get the en value, “${'a'.repeat(120)}”`,
    );
    expect(screen.getByRole('textbox', { name: /^Title/ }).getAttribute('aria-describedby')).toBeNull();
  });
});

describe('read-only', () => {
  it('lets a reader see every kind of value but change none', async () => {
    const onChange = vi.fn();
    const common = { fallback: null, fallbackLocale: null, readOnly: true, onChange } as const;
    render(
      <>
        <FieldControl {...common} field={{ name: 'title', type: 'text' }} value="Hello" />
        <FieldControl {...common} field={{ name: 'summary', type: 'longtext' }} value="Long" />
        <FieldControl {...common} field={{ name: 'views', type: 'integer' }} value={3} />
        <FieldControl {...common} field={{ name: 'featured', type: 'boolean' }} value={true} />
        <FieldControl
          {...common}
          field={{ name: 'kind', type: 'select', options: { choices: ['news', 'guide'] } }}
          value="news"
        />
        <FieldControl
          {...common}
          field={{ name: 'tags', type: 'select', options: { choices: ['a', 'b'], multiple: true } }}
          value={['a']}
        />
        <FieldControl {...common} field={{ name: 'settings', type: 'json' }} value={{ a: 1 }} />
      </>,
    );
    const title = screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement;
    expect(title.readOnly).toBe(true);
    await user.type(title, ' there');
    expect(title.value).toBe('Hello');
    expect((screen.getByRole('textbox', { name: 'Summary' }) as HTMLTextAreaElement).readOnly).toBe(true);
    await user.type(screen.getByRole('textbox', { name: 'Summary' }), 'er');
    await user.type(screen.getByRole('spinbutton', { name: 'Views' }), '4');
    await user.type(screen.getByRole('textbox', { name: 'Settings' }), '1');

    const featured = screen.getByRole('checkbox', { name: 'Featured' }) as HTMLInputElement;
    expect(featured.disabled).toBe(true);
    await user.click(featured);
    expect(featured.checked).toBe(true);
    expect((screen.getByRole('combobox', { name: 'Kind' }) as HTMLSelectElement).disabled).toBe(true);
    const tags = within(screen.getByRole('group', { name: 'Tags' }));
    expect(tags.getAllByRole('checkbox').map((box) => (box as HTMLInputElement).disabled)).toEqual([true, true]);
    await user.click(tags.getByRole('checkbox', { name: 'b' }));
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('text fields', () => {
  it('sends what is typed in a text field, and stops at the field’s maximum length', async () => {
    const { latest } = renderField({ name: 'title', type: 'text', options: { max_length: 5 } });
    const input = screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement;
    expect(input.maxLength).toBe(5);
    await user.type(input, 'Hello world');
    expect(input.value).toBe('Hello');
    expect(latest()).toBe('Hello');
  });

  it('keeps the lines of a long text', async () => {
    const { latest } = renderField({ name: 'summary', type: 'longtext' });
    const area = screen.getByRole('textbox', { name: 'Summary' });
    expect(area.tagName).toBe('TEXTAREA');
    await user.type(area, 'First line{Enter}Second line');
    expect(latest()).toBe('First line\nSecond line');
  });

  it('offers email and url keyboards and sends the text as typed (the server checks it)', async () => {
    const email = renderField({ name: 'contact', type: 'email' });
    const emailInput = screen.getByRole('textbox', { name: 'Contact' }) as HTMLInputElement;
    expect(emailInput.type).toBe('email');
    await user.type(emailInput, 'ada@example.com');
    expect(email.latest()).toBe('ada@example.com');

    const url = renderField({ name: 'website', type: 'url' });
    const urlInput = screen.getByRole('textbox', { name: 'Website' }) as HTMLInputElement;
    expect(urlInput.type).toBe('url');
    await user.type(urlInput, 'https://example.com/a');
    expect(url.latest()).toBe('https://example.com/a');
  });

  it('says a slug left empty is made from its source field, and sends an empty slug as empty', async () => {
    const { latest } = renderField({ name: 'slug', type: 'slug', options: { from: 'title' } }, { value: 'hello' });
    const input = screen.getByRole('textbox', { name: 'Slug' }) as HTMLInputElement;
    expect(input.value).toBe('hello');
    expect(descriptionOf(input)).toBe('Left empty, it is made from title when saved.');
    await user.clear(input);
    // The server makes the slug from the title when the value is empty (document-values.ts).
    expect(latest()).toBe('');
    await user.type(input, 'my-post');
    expect(latest()).toBe('my-post');
  });

  it('gives no generation hint to a slug without a source field', () => {
    renderField({ name: 'slug', type: 'slug' });
    expect(screen.getByRole('textbox', { name: 'Slug' }).getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByText(/it is made from/)).toBeNull();
  });
});

describe('number fields', () => {
  it('sends an integer as a number, and nothing as null', async () => {
    const { changes, latest } = renderField({ name: 'views', type: 'integer', options: { min: 0, max: 1000 } });
    const input = screen.getByRole('spinbutton', { name: 'Views' }) as HTMLInputElement;
    expect([input.step, input.min, input.max, input.inputMode]).toEqual(['1', '0', '1000', 'numeric']);
    await user.type(input, '42');
    expect(latest()).toBe(42);
    expect(changes.mock.calls.map(([value]) => value)).toEqual([4, 42]);
    await user.clear(input);
    expect(latest()).toBeNull();
  });

  it('sends a decimal number as a number', async () => {
    const { latest } = renderField({ name: 'price', type: 'number' }, { value: 1 });
    const input = screen.getByRole('spinbutton', { name: 'Price' }) as HTMLInputElement;
    expect(input.value).toBe('1');
    expect([input.step, input.inputMode]).toEqual(['any', 'decimal']);
    await user.clear(input);
    await user.type(input, '-3.25');
    expect(latest()).toBe(-3.25);
    expect(input.value).toBe('-3.25');
  });
});

describe('boolean fields', () => {
  it('toggles between true and false', async () => {
    const { changes } = renderField({ name: 'featured', type: 'boolean', help: 'On the home page.' });
    const box = screen.getByRole('checkbox', { name: 'Featured' }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(descriptionOf(box)).toBe('On the home page.');
    await user.click(box);
    expect(box.checked).toBe(true);
    await user.click(screen.getByText('Featured'));
    expect(box.checked).toBe(false);
    expect(changes.mock.calls).toEqual([[true], [false]]);
  });

  it('shows true as checked', () => {
    renderField({ name: 'featured', type: 'boolean' }, { value: true });
    expect((screen.getByRole('checkbox', { name: 'Featured' }) as HTMLInputElement).checked).toBe(true);
  });
});

describe('select fields', () => {
  const choices = ['news', 'guide', 'review'];

  it('sends the one choice, or null for None', async () => {
    const { latest } = renderField({ name: 'kind', type: 'select', options: { choices } }, { value: 'news' });
    const select = screen.getByRole('combobox', { name: 'Kind' }) as HTMLSelectElement;
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['None', 'news', 'guide', 'review']);
    expect(select.value).toBe('news');
    await user.selectOptions(select, 'guide');
    expect(latest()).toBe('guide');
    await user.selectOptions(select, 'None');
    expect(latest()).toBeNull();
  });

  it('sends the list of choices of a multiple select, in the order they were ticked', async () => {
    const { latest } = renderField(
      { name: 'topics', type: 'select', required: true, options: { choices, multiple: true } },
      { error: 'must be a list of: news, guide, review' },
    );
    const group = screen.getByRole('group', { name: 'Topics (required)' });
    expect(descriptionOf(group)).toBe('must be a list of: news, guide, review');
    await user.click(within(group).getByRole('checkbox', { name: 'review' }));
    await user.click(within(group).getByRole('checkbox', { name: 'news' }));
    expect(latest()).toEqual(['review', 'news']);
    await user.click(within(group).getByRole('checkbox', { name: 'review' }));
    expect(latest()).toEqual(['news']);
    await user.click(within(group).getByRole('checkbox', { name: 'news' }));
    expect(latest()).toEqual([]);
  });
});

describe('date fields', () => {
  // The conversion is checked in a zone away from UTC, where a missing one would show.
  const env = (globalThis as unknown as { process: { env: Record<string, string | undefined> } }).process.env;
  let zone: string | undefined;
  beforeEach(() => {
    zone = env.TZ;
    env.TZ = 'Europe/Berlin';
  });
  afterEach(() => {
    if (zone === undefined) delete env.TZ;
    else env.TZ = zone;
  });

  it('sends a date as YYYY-MM-DD, and nothing as null', async () => {
    const { latest } = renderField({ name: 'published_on', type: 'date' }, { value: '2026-11-28' });
    const input = screen.getByLabelText('Published on') as HTMLInputElement;
    expect(input.type).toBe('date');
    expect(input.value).toBe('2026-11-28');
    await user.clear(input);
    expect(latest()).toBeNull();
    await user.type(input, '2027-01-05');
    expect(latest()).toBe('2027-01-05');
  });

  it('shows a date and time in the reader’s zone and sends it back as ISO UTC', async () => {
    expect(new Date('2026-11-28T09:00:00.000Z').getTimezoneOffset()).toBe(-60);
    const { latest } = renderField({ name: 'starts_at', type: 'datetime' }, { value: '2026-11-28T09:00:00.000Z' });
    const input = screen.getByLabelText('Starts at') as HTMLInputElement;
    expect(input.type).toBe('datetime-local');
    expect(input.value).toBe('2026-11-28T10:00');
    await user.clear(input);
    expect(latest()).toBeNull();
    // Summer time: two hours ahead of UTC.
    await user.type(input, '2026-07-01T12:30');
    expect(latest()).toBe('2026-07-01T10:30:00.000Z');
  });
});

describe('json fields', () => {
  it('shows the value pretty-printed and sends what is typed once it parses', async () => {
    const { changes, latest } = renderField({ name: 'settings', type: 'json' }, { value: { a: 1 } });
    const area = screen.getByRole('textbox', { name: 'Settings' }) as HTMLTextAreaElement;
    expect(area.value).toBe('{\n  "a": 1\n}');
    await user.clear(area);
    expect(latest()).toBeNull();
    await user.click(area);
    await user.paste('{"theme":"dark","sizes":[1,2.5]}');
    expect(latest()).toEqual({ theme: 'dark', sizes: [1, 2.5] });
    expect(changes).toHaveBeenCalledTimes(2);
    expect(area.getAttribute('aria-invalid')).toBeNull();
  });

  it('shows a value that changes from outside (a reload, a copy from another locale)', async () => {
    const field: Field = { name: 'settings', type: 'json' };
    const props = { field, fallback: null, fallbackLocale: null, readOnly: false, onChange: () => {} };
    const { rerender } = render(<FieldControl {...props} value={{ a: 1 }} />);
    rerender(<FieldControl {...props} value={{ a: 2 }} />);
    expect((screen.getByRole('textbox', { name: 'Settings' }) as HTMLTextAreaElement).value).toBe('{\n  "a": 2\n}');
  });

  it('keeps the text as typed when the value it sent comes back', async () => {
    renderField({ name: 'settings', type: 'json' });
    const area = screen.getByRole('textbox', { name: 'Settings' }) as HTMLTextAreaElement;
    await user.click(area);
    await user.paste('{"a":1}');
    expect(area.value).toBe('{"a":1}');
  });

  it('says JSON that does not parse yet is not saved, and sends nothing until it parses', async () => {
    const { changes, latest } = renderField({ name: 'settings', type: 'json' });
    const area = screen.getByRole('textbox', { name: 'Settings' }) as HTMLTextAreaElement;
    await user.click(area);
    await user.paste('{"theme": ');
    expect(changes).not.toHaveBeenCalled();
    expect(screen.getByText('Not valid JSON yet: it is saved once it is')).toBeTruthy();
    expect(area.getAttribute('aria-invalid')).toBe('true');
    expect(area.value).toBe('{"theme": ');

    await user.paste('"dark"}');
    expect(changes).toHaveBeenCalledTimes(1);
    expect(latest()).toEqual({ theme: 'dark' });
    expect(screen.queryByText(/Not valid JSON/)).toBeNull();
    expect(area.getAttribute('aria-invalid')).toBeNull();
  });
});
