import type { Collection } from '@plinth/contract';
import { useId } from 'react';
import { CONTROL } from './filter-builder';

/** Chooses the collection whose documents the list shows; singletons open their one document. */
export function CollectionPicker({
  collections,
  value,
  onChange,
}: {
  collections: readonly Collection[];
  value: string;
  onChange: (slug: string) => void;
}) {
  const id = useId();
  const lists = collections.filter((collection) => collection.kind === 'collection');
  const singletons = collections.filter((collection) => collection.kind === 'singleton');
  return (
    <div className="flex min-w-0 items-center gap-2">
      <label htmlFor={id} className="whitespace-nowrap font-medium text-slate-700 text-sm">
        Collection
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={`${CONTROL} min-w-0 pr-8 font-medium sm:w-56`}
      >
        {lists.length > 0 ? (
          <optgroup label="Collections">
            {lists.map((collection) => (
              <option key={collection.slug} value={collection.slug}>
                {collection.name}
              </option>
            ))}
          </optgroup>
        ) : null}
        {singletons.length > 0 ? (
          <optgroup label="Singletons">
            {singletons.map((collection) => (
              <option key={collection.slug} value={collection.slug}>
                {collection.name}
              </option>
            ))}
          </optgroup>
        ) : null}
      </select>
    </div>
  );
}
