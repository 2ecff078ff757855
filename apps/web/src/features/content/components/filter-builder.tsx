import type { FilterOperator } from '@plinth/contract';
import { Filter, Plus, X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Popover } from '../../../components/ui/popover';
import { type FilterField, operatorLabel, operatorsFor } from '../fields';
import type { DocumentFilter } from '../view';

export const CONTROL =
  'block w-full rounded-lg border-0 bg-white py-1.5 pl-3 text-slate-900 text-sm shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600 focus:ring-inset';

const isList = (op: FilterOperator) => op === 'in' || op === 'nin';

/**
 * Whether the value is one of the field's choices, picked from them: a whole value compared, or
 * one item of several. Text matching (`contains` on a single choice, `starts_with`) takes typed text.
 */
const picksChoice = (
  field: FilterField | undefined,
  op: FilterOperator,
): field is FilterField & { choices: readonly string[] } =>
  field?.choices !== undefined && (op === 'eq' || op === 'ne' || (op === 'contains' && field.isMultiple === true));

/** The first value that makes sense for an operator (exists: "true", a boolean: "true"). */
function defaultValue(field: FilterField | undefined, op: FilterOperator): string {
  if (op === 'exists' || field?.type === 'boolean') return 'true';
  if (picksChoice(field, op)) return field.choices[0] ?? '';
  return '';
}

/** How a filter reads in a chip: "Author › Name is Ada". */
export function describeFilter(filter: DocumentFilter, fields: readonly FilterField[]): string {
  const field = fields.find((item) => item.path === filter.field);
  const label = field?.label ?? filter.field;
  if (filter.op === 'exists') return `${label} ${filter.value === 'false' ? 'is empty' : 'is set'}`;
  const value = field?.type === 'boolean' ? (filter.value === 'true' ? 'yes' : 'no') : `“${filter.value}”`;
  return `${label} ${operatorLabel(filter.op, field?.type ?? 'text')} ${value}`;
}

function ValueInput({
  field,
  filter,
  id,
  onChange,
}: {
  field: FilterField | undefined;
  filter: DocumentFilter;
  id: string;
  onChange: (value: string) => void;
}) {
  const type = field?.type ?? 'text';
  if (filter.op === 'exists' || type === 'boolean') {
    return (
      <select id={id} value={filter.value} onChange={(event) => onChange(event.target.value)} className={CONTROL}>
        <option value="true">{filter.op === 'exists' ? 'Yes' : 'Yes (true)'}</option>
        <option value="false">{filter.op === 'exists' ? 'No (empty)' : 'No (false)'}</option>
      </select>
    );
  }
  if (picksChoice(field, filter.op)) {
    return (
      <select id={id} value={filter.value} onChange={(event) => onChange(event.target.value)} className={CONTROL}>
        {field.choices.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </select>
    );
  }
  const inputType = isList(filter.op)
    ? 'text'
    : type === 'number' || type === 'integer'
      ? 'number'
      : type === 'date' || type === 'datetime' || type === 'timestamp'
        ? 'date'
        : 'text';
  return (
    <input
      id={id}
      type={inputType}
      value={filter.value}
      required
      placeholder={isList(filter.op) ? 'Values, comma-separated' : 'Value'}
      onChange={(event) => onChange(event.target.value)}
      className={`${CONTROL} pr-3`}
    />
  );
}

/**
 * Builds the list's filters (field, operator, value) with the API's operators for each field's
 * type, fields of referenced documents included (`author.name`). Changes apply together.
 */
export function FilterBuilder({
  fields,
  filters,
  onApply,
}: {
  fields: readonly FilterField[];
  filters: readonly DocumentFilter[];
  onApply: (filters: DocumentFilter[]) => void;
}) {
  const [isOpen, setOpen] = useState(false);
  const [draft, setDraft] = useState<DocumentFilter[]>([]);
  const baseId = useId();

  const open = (next: boolean) => {
    if (next) setDraft(filters.length > 0 ? [...filters] : [newFilter()]);
    setOpen(next);
  };

  function newFilter(): DocumentFilter {
    const field = fields[0];
    const op = field ? (operatorsFor(field)[0] ?? 'eq') : 'eq';
    return { field: field?.path ?? 'id', op, value: defaultValue(field, op) };
  }

  const change = (index: number, changes: Partial<DocumentFilter>) =>
    setDraft((current) =>
      current.map((filter, at) => {
        if (at !== index) return filter;
        const next = { ...filter, ...changes };
        const field = fields.find((item) => item.path === next.field);
        const ops = operatorsFor(field ?? { type: 'text' });
        // Another type of field starts from its own first operator ("is" for a choice, not the
        // "contains" a text field had), so its value input fits it.
        const previous = fields.find((item) => item.path === filter.field);
        const isOtherType = previous?.type !== field?.type || previous?.isMultiple !== field?.isMultiple;
        if (!ops.includes(next.op) || isOtherType) next.op = ops[0] ?? 'eq';
        // A value typed for another field or operator rarely fits the new one, and typed text is
        // not one of the choices a list of them would show.
        const isOtherInput =
          next.op !== filter.op &&
          (next.op === 'exists' ||
            filter.op === 'exists' ||
            picksChoice(field, next.op) !== picksChoice(field, filter.op));
        if ('field' in changes || isOtherInput) next.value = defaultValue(field, next.op);
        return next;
      }),
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft.filter((filter) => filter.value.trim() !== ''));
    setOpen(false);
  };

  return (
    <Popover
      label="Filters"
      isOpen={isOpen}
      onOpenChange={open}
      className="sm:w-[40rem]"
      trigger={
        <Button variant="secondary" size="sm">
          <Filter className="size-4" aria-hidden />
          Filter
          {filters.length > 0 ? (
            <span className="rounded-full bg-indigo-600 px-1.5 text-white text-xs">{filters.length}</span>
          ) : null}
        </Button>
      }
    >
      <form onSubmit={submit} className="space-y-3">
        <h2 className="font-semibold text-slate-900 text-sm">Filters</h2>
        {draft.length === 0 ? <p className="text-slate-600 text-sm">No filters: every document shows.</p> : null}
        <ol className="space-y-3">
          {draft.map((filter, index) => {
            const field = fields.find((item) => item.path === filter.field);
            const id = `${baseId}-${index}`;
            const number = index + 1;
            return (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: draft rows have no identity but their place.
                key={index}
                className="grid grid-cols-[minmax(0,1fr)_auto] gap-2 rounded-lg bg-slate-50 p-2 sm:grid-cols-[minmax(0,11rem)_minmax(0,9rem)_minmax(0,1fr)_auto] sm:bg-transparent sm:p-0"
              >
                <label htmlFor={`${id}-field`} className="sr-only">
                  Filter {number} field
                </label>
                <select
                  id={`${id}-field`}
                  value={filter.field}
                  onChange={(event) => change(index, { field: event.target.value })}
                  className={`${CONTROL} pr-8`}
                >
                  {fields.map((item) => (
                    <option key={item.path} value={item.path}>
                      {item.label}
                    </option>
                  ))}
                </select>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove filter ${number}`}
                  onClick={() => setDraft((current) => current.filter((_, at) => at !== index))}
                  className="sm:order-last"
                >
                  <X className="size-4" aria-hidden />
                </Button>
                <label htmlFor={`${id}-op`} className="sr-only">
                  Filter {number} operator
                </label>
                <select
                  id={`${id}-op`}
                  value={filter.op}
                  onChange={(event) => change(index, { op: event.target.value as FilterOperator })}
                  className={`${CONTROL} col-span-2 pr-8 sm:col-span-1`}
                >
                  {operatorsFor(field ?? { type: 'text' }).map((op) => (
                    <option key={op} value={op}>
                      {operatorLabel(op, field?.type ?? 'text')}
                    </option>
                  ))}
                </select>
                <label htmlFor={`${id}-value`} className="sr-only">
                  Filter {number} value
                </label>
                <div className="col-span-2 sm:col-span-1">
                  <ValueInput
                    field={field}
                    filter={filter}
                    id={`${id}-value`}
                    onChange={(value) => change(index, { value })}
                  />
                </div>
              </li>
            );
          })}
        </ol>
        <div className="flex flex-wrap items-center justify-between gap-2 border-slate-100 border-t pt-3">
          <Button variant="ghost" size="sm" onClick={() => setDraft((current) => [...current, newFilter()])}>
            <Plus className="size-4" aria-hidden />
            Add filter
          </Button>
          <div className="flex gap-2">
            {filters.length > 0 ? (
              <Button
                variant="secondary"
                size="sm"
                onClick={() => {
                  onApply([]);
                  setOpen(false);
                }}
              >
                Clear all
              </Button>
            ) : null}
            <Button type="submit" size="sm">
              Apply filters
            </Button>
          </div>
        </div>
      </form>
    </Popover>
  );
}
