import type { Asset, Collection, Field } from '@plinth/contract';
import { FileText, Plus, X } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { CONTROL } from '../../../components/ui/form-field';
import { useAssetChoices, useAssets, useDocumentChoices, useReferencedDocuments } from '../api/pickers';
import { FieldName } from './field-control';

const idsOf = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((id) => typeof id === 'string') : [];

/** What a reference or media field holds after choosing `id`: it alone, or the list with it added. */
const withChoice = (field: Field, ids: readonly string[], id: string): unknown =>
  field.options?.multiple ? [...ids.filter((item) => item !== id), id] : id;

const withoutChoice = (field: Field, ids: readonly string[], id: string): unknown =>
  field.options?.multiple ? ids.filter((item) => item !== id) : null;

/** A document's title as its collection names it: the display field, in the read's locale. */
function titleOf(collection: Collection | undefined, data: Record<string, unknown>, fallback: string): string {
  const name = collection?.display_field;
  const value = name ? data[name] : undefined;
  return typeof value === 'string' && value !== '' ? value : fallback;
}

/** The frame of a picker field: its label, what it holds, and the button that opens the choice. */
function PickerFrame({
  field,
  error,
  readOnly,
  onOpen,
  children,
}: {
  field: Field;
  error?: string | undefined;
  readOnly: boolean;
  onOpen: () => void;
  children: ReactNode;
}) {
  const id = useId();
  const described = [field.help ? `${id}-help` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <fieldset
      className="space-y-1.5"
      data-field={field.name}
      aria-describedby={described || undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="font-medium text-slate-800 text-sm">
        <FieldName field={field} />
      </legend>
      {children}
      {readOnly ? null : (
        <Button variant="secondary" size="sm" onClick={onOpen}>
          <Plus className="size-4" aria-hidden />
          {field.options?.multiple ? 'Add' : 'Choose'}…
        </Button>
      )}
      {field.help ? (
        <p id={`${id}-help`} className="text-slate-500 text-xs">
          {field.help}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-red-600 text-sm">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A search box and a list of choices in a dialog; choosing closes it. */
function ChoiceDialog({
  title,
  isOpen,
  onClose,
  query,
  onQuery,
  isLoading,
  isEmpty,
  children,
}: {
  title: string;
  isOpen: boolean;
  onClose: () => void;
  query: string;
  onQuery: (query: string) => void;
  isLoading: boolean;
  isEmpty: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog isOpen={isOpen} title={title} onClose={onClose} size="lg">
      <input
        type="search"
        aria-label="Search"
        placeholder="Search…"
        className={`${CONTROL} mt-2`}
        value={query}
        onChange={(event) => onQuery(event.target.value)}
      />
      <div className="mt-3 max-h-96 overflow-y-auto">
        {isLoading ? <p className="py-6 text-center text-slate-500 text-sm">Loading…</p> : null}
        {!isLoading && isEmpty ? <p className="py-6 text-center text-slate-500 text-sm">Nothing matches.</p> : null}
        {children}
      </div>
    </Dialog>
  );
}

/** A reference field: the documents it points at, by title, and a searchable choice of the target collection's. */
export function ReferencePicker({
  projectId,
  field,
  collections,
  value,
  error,
  readOnly,
  onChange,
}: {
  projectId: string;
  field: Field;
  collections: readonly Collection[];
  value: unknown;
  error?: string | undefined;
  readOnly: boolean;
  onChange: (value: unknown) => void;
}) {
  const target = field.options?.collection ?? '';
  const targetCollection = collections.find((collection) => collection.slug === target);
  const ids = idsOf(value);
  const [isOpen, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const named = useReferencedDocuments(projectId, target, ids);
  const choices = useDocumentChoices(projectId, target, query.trim(), isOpen);
  const nameOf = (id: string) => {
    const found = named.data?.data.find((document) => document.id === id);
    return found
      ? titleOf(targetCollection, found.data, 'Untitled')
      : named.isPending
        ? 'Loading…'
        : 'Missing document';
  };
  return (
    <PickerFrame field={field} error={error} readOnly={readOnly} onOpen={() => setOpen(true)}>
      {ids.length === 0 ? (
        <p className="text-slate-500 text-sm">None chosen.</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {ids.map((id) => (
            <li
              key={id}
              className="flex items-center gap-1 rounded-lg bg-slate-100 py-1 pr-1 pl-3 text-slate-800 text-sm"
            >
              {nameOf(id)}
              {readOnly ? null : (
                <button
                  type="button"
                  aria-label={`Remove ${nameOf(id)}`}
                  className="rounded p-1 text-slate-500 hover:bg-slate-200 hover:text-slate-900"
                  onClick={() => onChange(withoutChoice(field, ids, id))}
                >
                  <X className="size-3.5" aria-hidden />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ChoiceDialog
        title={`Choose from ${targetCollection?.name ?? target}`}
        isOpen={isOpen}
        onClose={() => setOpen(false)}
        query={query}
        onQuery={setQuery}
        isLoading={choices.isPending}
        isEmpty={(choices.data?.data.length ?? 0) === 0}
      >
        <ul className="divide-y divide-slate-100">
          {(choices.data?.data ?? []).map((document) => (
            <li key={document.id}>
              <button
                type="button"
                className="flex w-full items-center justify-between gap-3 px-2 py-2.5 text-left text-slate-800 text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
                onClick={() => {
                  onChange(withChoice(field, ids, document.id));
                  setOpen(false);
                }}
              >
                <span className="min-w-0 break-words">{titleOf(targetCollection, document.data, 'Untitled')}</span>
                <span className="shrink-0 text-slate-500 text-xs">{document.status}</span>
              </button>
            </li>
          ))}
        </ul>
      </ChoiceDialog>
    </PickerFrame>
  );
}

const isImage = (asset: Asset) => asset.mime_type.startsWith('image/');
const thumbnail = (asset: Asset, width: number) =>
  `${asset.url}${asset.url.includes('?') ? '&' : '?'}w=${width}&h=${width}&fit=cover&format=webp`;

function AssetThumb({ asset }: { asset: Asset }) {
  return isImage(asset) ? (
    <img
      src={thumbnail(asset, 96)}
      srcSet={`${thumbnail(asset, 96)} 1x, ${thumbnail(asset, 192)} 2x`}
      alt={typeof asset.alt === 'string' ? asset.alt : ''}
      loading="lazy"
      className="size-24 rounded-lg object-cover ring-1 ring-slate-200"
    />
  ) : (
    <span className="flex size-24 items-center justify-center rounded-lg bg-slate-100 ring-1 ring-slate-200">
      <FileText className="size-8 text-slate-500" aria-hidden />
    </span>
  );
}

/** A media field: the chosen files as thumbnails, and a searchable choice from the media library. */
export function MediaPicker({
  projectId,
  field,
  value,
  error,
  readOnly,
  onChange,
}: {
  projectId: string;
  field: Field;
  value: unknown;
  error?: string | undefined;
  readOnly: boolean;
  onChange: (value: unknown) => void;
}) {
  const ids = idsOf(value);
  const [isOpen, setOpen] = useState(false);
  const imagesOnly =
    (field.options?.accept ?? []).every((type) => type.startsWith('image/')) &&
    (field.options?.accept?.length ?? 0) > 0;
  const chosen = useAssets(projectId, ids);
  return (
    <PickerFrame field={field} error={error} readOnly={readOnly} onOpen={() => setOpen(true)}>
      {ids.length === 0 ? (
        <p className="text-slate-500 text-sm">None chosen.</p>
      ) : (
        <ul className="flex flex-wrap gap-3">
          {ids.map((id) => {
            // By id: the cached answer may list the same assets in another order.
            const asset = chosen.data?.find((candidate) => candidate?.id === id) ?? null;
            const name = asset?.filename ?? (chosen.isPending ? 'Loading…' : 'Missing file');
            return (
              <li key={id} className="w-24 space-y-1">
                {asset ? <AssetThumb asset={asset} /> : <span className="block size-24 rounded-lg bg-slate-100" />}
                <p className="truncate text-slate-700 text-xs" title={name}>
                  {name}
                </p>
                {readOnly ? null : (
                  <button
                    type="button"
                    className="text-red-700 text-xs underline-offset-2 hover:underline"
                    onClick={() => onChange(withoutChoice(field, ids, id))}
                  >
                    Remove<span className="sr-only"> {name}</span>
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <AssetChoiceDialog
        projectId={projectId}
        imagesOnly={imagesOnly}
        isOpen={isOpen}
        onClose={() => setOpen(false)}
        onChoose={(asset) => {
          onChange(withChoice(field, ids, asset.id));
          setOpen(false);
        }}
      />
    </PickerFrame>
  );
}

/** The media library, searchable, to choose one file from (images only when asked). */
export function AssetChoiceDialog({
  projectId,
  imagesOnly,
  isOpen,
  onClose,
  onChoose,
}: {
  projectId: string;
  imagesOnly: boolean;
  isOpen: boolean;
  onClose: () => void;
  onChoose: (asset: Asset) => void;
}) {
  const [query, setQuery] = useState('');
  const choices = useAssetChoices(projectId, query.trim(), imagesOnly, isOpen);
  return (
    <ChoiceDialog
      title="Choose from the media library"
      isOpen={isOpen}
      onClose={onClose}
      query={query}
      onQuery={setQuery}
      isLoading={choices.isPending}
      isEmpty={(choices.data?.data.length ?? 0) === 0}
    >
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {(choices.data?.data ?? []).map((asset) => (
          <li key={asset.id}>
            <button
              type="button"
              className="w-full space-y-1 rounded-lg p-1 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
              onClick={() => onChoose(asset)}
            >
              <AssetThumb asset={asset} />
              <span className="block truncate text-slate-700 text-xs">{asset.filename}</span>
            </button>
          </li>
        ))}
      </ul>
    </ChoiceDialog>
  );
}
