import { useId, useState } from 'react';
import { Loading } from '../../../components/ui/query-state';
import {
  namedType,
  type ProjectSchema,
  type SchemaArgument,
  type SchemaField,
  type SchemaType,
  typeLabel,
  useProjectSchema,
} from '../api/get-schema';

function matches(type: SchemaType, term: string): boolean {
  if (term === '') return true;
  const names = [
    type.name,
    ...(type.fields ?? []).map((field) => field.name),
    ...(type.inputFields ?? []).map((field) => field.name),
    ...(type.enumValues ?? []).map((value) => value.name),
  ];
  return names.some((name) => name.toLowerCase().includes(term));
}

/** The root types first, then the others by name. */
function ordered(schema: ProjectSchema): SchemaType[] {
  const roots = [schema.queryType, schema.mutationType].filter((name): name is string => name !== null);
  const rank = (type: SchemaType) => {
    const index = roots.indexOf(type.name);
    return index === -1 ? roots.length : index;
  };
  return [...schema.types].sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}

function TypeButton({ type, onOpen }: { type: SchemaArgument['type']; onOpen: (name: string) => void }) {
  const name = namedType(type);
  return (
    <button type="button" className="font-mono text-indigo-700 hover:underline" onClick={() => name && onOpen(name)}>
      {typeLabel(type)}
    </button>
  );
}

function FieldLine({ field, onOpen }: { field: SchemaField; onOpen: (name: string) => void }) {
  const args = field.args ?? [];
  return (
    <li className="py-1.5">
      <span className="font-mono text-slate-900">{field.name}</span>
      {args.length > 0 ? (
        <span className="font-mono text-slate-500">
          (
          {args.map((arg, index) => (
            <span key={arg.name}>
              {index > 0 ? ', ' : ''}
              {arg.name}: <TypeButton type={arg.type} onOpen={onOpen} />
            </span>
          ))}
          )
        </span>
      ) : null}
      <span className="font-mono text-slate-500">: </span>
      <TypeButton type={field.type} onOpen={onOpen} />
      {field.description ? <p className="text-slate-500 text-xs">{field.description}</p> : null}
    </li>
  );
}

function TypeDetails({ type, onOpen }: { type: SchemaType; onOpen: (name: string) => void }) {
  const fields = type.fields ?? type.inputFields ?? [];
  return (
    <section aria-label={`Type ${type.name}`} className="mt-3 rounded-lg bg-slate-50 p-3 text-sm ring-1 ring-slate-200">
      <h3 className="font-mono font-semibold text-slate-900">
        {type.name} <span className="font-sans font-normal text-slate-500 text-xs">{type.kind.toLowerCase()}</span>
      </h3>
      {type.description ? <p className="mt-1 text-slate-600 text-xs">{type.description}</p> : null}
      {fields.length > 0 ? (
        <ul aria-label={`Fields of ${type.name}`} className="mt-2 divide-y divide-slate-200">
          {fields.map((field) => (
            <FieldLine key={field.name} field={field} onOpen={onOpen} />
          ))}
        </ul>
      ) : null}
      {type.enumValues ? (
        <ul aria-label={`Values of ${type.name}`} className="mt-2 font-mono text-slate-900">
          {type.enumValues.map((value) => (
            <li key={value.name}>{value.name}</li>
          ))}
        </ul>
      ) : null}
      {type.possibleTypes ? (
        <p className="mt-2 text-slate-600 text-xs">
          One of:{' '}
          {type.possibleTypes.map((member, index) => (
            <span key={member.name}>
              {index > 0 ? ', ' : ''}
              <TypeButton type={{ kind: 'OBJECT', name: member.name, ofType: null }} onOpen={onOpen} />
            </span>
          ))}
        </p>
      ) : null}
    </section>
  );
}

/** The project's schema from introspection: every type, searchable by type and field name. */
export function SchemaBrowser({ projectId }: { projectId: string }) {
  const schema = useProjectSchema(projectId);
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const searchId = useId();

  if (schema.isPending) return <Loading label="Loading the schema…" />;
  if (schema.isError) {
    return (
      <div role="alert" className="rounded-lg bg-red-50 p-3 text-red-800 text-sm ring-1 ring-red-200">
        <p className="font-semibold">The schema could not be loaded.</p>
        <p className="mt-1">{schema.error.message}</p>
        <button type="button" className="mt-2 font-semibold underline" onClick={() => schema.refetch()}>
          Try again
        </button>
      </div>
    );
  }

  const term = search.trim().toLowerCase();
  const types = ordered(schema.data).filter((type) => matches(type, term));
  const open = schema.data.types.find((type) => type.name === (selected ?? schema.data.queryType));
  return (
    <div>
      <label htmlFor={searchId} className="block font-medium text-slate-800 text-sm">
        Search the schema
      </label>
      <input
        id={searchId}
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        placeholder="Type or field name"
        className="mt-1 block w-full rounded-lg border-0 px-3 py-1.5 text-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600"
      />
      {types.length === 0 ? (
        <p className="mt-3 text-slate-500 text-sm">Nothing matches “{search.trim()}”.</p>
      ) : (
        <ul aria-label="Types" className="mt-3 flex max-h-48 flex-wrap gap-1 overflow-y-auto">
          {types.map((type) => (
            <li key={type.name}>
              <button
                type="button"
                aria-pressed={open?.name === type.name}
                onClick={() => setSelected(type.name)}
                className="rounded px-2 py-0.5 font-mono text-xs ring-1 ring-slate-200 hover:bg-slate-100 aria-pressed:bg-indigo-600 aria-pressed:text-white"
              >
                {type.name}
              </button>
            </li>
          ))}
        </ul>
      )}
      {open ? <TypeDetails type={open} onOpen={setSelected} /> : null}
    </div>
  );
}
