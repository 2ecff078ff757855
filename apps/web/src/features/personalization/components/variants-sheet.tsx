import type { Collection, Document, Field, Project } from '@plinth/contract';
import { useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ChoiceField, CONTROL } from '../../../components/ui/form-field';
import { LoadError, Loading } from '../../../components/ui/query-state';
import { Sheet } from '../../../components/ui/sheet';
import { errorMessage } from '../../../lib/api-client';
import { projectPath, useCan } from '../../../lib/current-project';
import { fieldLabel } from '../../../lib/field-label';
import { serverFieldErrors } from '../../../lib/server-field-errors';
import { AiProblemNotice } from '../../ai/components/ai-problem';
import { useAudiences } from '../api/get-audiences';
import { useDeleteVariant, usePutVariant, useVariants, useWriteVariantWithAi } from '../api/variants';

/** The field types a variant can override from this sheet. */
const OVERRIDABLE = new Set<Field['type']>(['text', 'longtext']);

/** A field's value in `locale` from a document read with `locale=*` (localized fields hold locale maps). */
function baseValue(field: Field, data: Record<string, unknown>, locale: string): string {
  const stored = data[field.name];
  const value =
    field.localized && stored && typeof stored === 'object' && !Array.isArray(stored)
      ? (stored as Record<string, unknown>)[locale]
      : stored;
  return typeof value === 'string' ? value : '';
}

function OverrideRow({
  field,
  base,
  value,
  error,
  isDisabled,
  onChange,
}: {
  field: Field;
  base: string;
  value: string;
  error: string | undefined;
  isDisabled: boolean;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const label = fieldLabel(field);
  const isLong = field.type === 'longtext';
  return (
    <fieldset className="space-y-2 rounded-lg p-3 ring-1 ring-slate-200 ring-inset">
      <legend className="px-1 font-medium text-slate-900 text-sm">{label}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-1">
          <label htmlFor={`${id}-base`} className="block text-slate-500 text-xs">
            {label} (base)
          </label>
          {isLong ? (
            <textarea id={`${id}-base`} readOnly rows={4} value={base} className={`${CONTROL} bg-slate-50`} />
          ) : (
            <input id={`${id}-base`} readOnly value={base} className={`${CONTROL} bg-slate-50`} />
          )}
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-override`} className="block text-slate-500 text-xs">
            {label} (override)
          </label>
          {isLong ? (
            <textarea
              id={`${id}-override`}
              rows={4}
              value={value}
              disabled={isDisabled}
              placeholder="No override"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => onChange(event.target.value)}
              className={CONTROL}
            />
          ) : (
            <input
              id={`${id}-override`}
              value={value}
              disabled={isDisabled}
              placeholder="No override"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => onChange(event.target.value)}
              className={CONTROL}
            />
          )}
        </div>
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-red-600 text-sm">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * A document's variants, one audience at a time: each text field's base value (in `locale`)
 * beside what the variant puts in its place. An empty override leaves the base value.
 */
export function VariantsSheet({
  project,
  collection,
  document,
  locale,
  isOpen,
  onClose,
}: {
  project: Project;
  collection: Collection;
  document: Document;
  locale: string;
  isOpen: boolean;
  onClose: () => void;
}) {
  const canWrite = useCan('content.update_own');
  const ref = useMemo(
    () => ({ projectId: project.id, collection: collection.slug, documentId: document.id }),
    [project.id, collection.slug, document.id],
  );
  const audiences = useAudiences(project.id, { enabled: isOpen });
  const variants = useVariants(ref, locale, { enabled: isOpen });
  const save = usePutVariant();
  const remove = useDeleteVariant();
  const writeWithAi = useWriteVariantWithAi(ref);
  const [audienceKey, setAudienceKey] = useState('');
  const [overrides, setOverrides] = useState<Record<string, string>>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [isConfirmingDelete, setConfirmingDelete] = useState(false);

  const fields = collection.fields.filter((field) => OVERRIDABLE.has(field.type) && !field.hidden);
  const leftOut = collection.fields.filter((field) => !OVERRIDABLE.has(field.type));
  const audienceList = audiences.data?.data ?? [];
  const chosen = audienceKey || audienceList[0]?.key || '';
  const variant = variants.data?.data.find((item) => item.audience === chosen);

  useEffect(() => {
    const data = variant?.data ?? {};
    setOverrides(
      Object.fromEntries(
        Object.entries(data).flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : [])),
      ),
    );
    setFieldErrors({});
  }, [variant]);

  const onSave = () => {
    setFieldErrors({});
    const data = Object.fromEntries(
      fields.map((field) => {
        const value = overrides[field.name] ?? '';
        return [field.name, value.trim() === '' ? null : value];
      }),
    );
    save.mutate(
      { ref, audience: chosen, body: { data, locale } },
      {
        onError: (error) =>
          setFieldErrors(
            Object.fromEntries(
              serverFieldErrors(error).map(({ path, message }) => [
                path.replace(/^data[./]/, '').split(/[./]/)[0],
                message,
              ]),
            ),
          ),
      },
    );
  };

  // The model rewrites the base text the sheet shows: fields with text in this locale.
  const rewritable = fields.filter((field) => baseValue(field, document.data, locale).trim() !== '');
  const onWriteWithAi = () => {
    writeWithAi.reset();
    writeWithAi.mutate({
      document_id: document.id,
      audience: chosen,
      locale,
      fields: rewritable.map((field) => field.name),
    });
  };

  const nameOf = (key: string) => audienceList.find((item) => item.key === key)?.name ?? key;
  const saveError =
    save.isError && Object.keys(fieldErrors).length === 0
      ? errorMessage(save.error, 'Could not save the variant. Please try again.')
      : null;

  return (
    <Sheet
      isOpen={isOpen}
      onClose={onClose}
      title="Variants"
      description={`What visitors of an audience read instead of this document’s text, in ${locale}. An empty override keeps the base value.`}
      footer={
        chosen ? (
          <div className="flex flex-wrap justify-end gap-2">
            {variant ? (
              <Button variant="danger" disabled={!canWrite} onClick={() => setConfirmingDelete(true)}>
                Delete variant
              </Button>
            ) : null}
            <Button
              variant="secondary"
              onClick={onWriteWithAi}
              disabled={!canWrite || rewritable.length === 0 || save.isPending}
              isLoading={writeWithAi.isPending}
            >
              {writeWithAi.isPending ? 'Writing…' : 'Write with AI'}
            </Button>
            <Button
              onClick={onSave}
              disabled={!canWrite || fields.length === 0 || writeWithAi.isPending}
              isLoading={save.isPending}
            >
              Save variant
            </Button>
          </div>
        ) : null
      }
    >
      {audiences.isPending || variants.isPending ? (
        <Loading label="Loading variants" />
      ) : audiences.isError ? (
        <LoadError
          title="We could not load the audiences."
          error={audiences.error}
          onRetry={() => audiences.refetch()}
        />
      ) : variants.isError ? (
        <LoadError title="We could not load the variants." error={variants.error} onRetry={() => variants.refetch()} />
      ) : audienceList.length === 0 ? (
        <p className="text-slate-700 text-sm">
          This project has no audiences yet.{' '}
          <Link to={projectPath(project.id, 'audiences')} className="font-medium text-indigo-700 hover:underline">
            Create an audience
          </Link>{' '}
          first, then give this document a variant for it.
        </p>
      ) : (
        <div className="space-y-5">
          <div>
            <p className="font-medium text-slate-800 text-sm">Existing variants</p>
            {variants.data.data.length === 0 ? (
              <p className="mt-1 text-slate-600 text-sm">None yet.</p>
            ) : (
              <ul aria-label="Existing variants" className="mt-1 flex flex-wrap gap-1.5">
                {variants.data.data.map((item) => (
                  <li key={item.audience}>
                    <button
                      type="button"
                      onClick={() => setAudienceKey(item.audience)}
                      className="rounded-full bg-indigo-50 px-2.5 py-0.5 text-indigo-800 text-xs ring-1 ring-indigo-200 ring-inset hover:bg-indigo-100"
                    >
                      {nameOf(item.audience)}
                      {item.published_data === null ? ' (not published)' : ''}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <ChoiceField
            label="Audience"
            value={chosen}
            options={audienceList.map((item) => ({ value: item.key, label: `${item.name} (${item.key})` }))}
            onChange={(event) => setAudienceKey(event.target.value)}
          />
          {fields.length === 0 ? (
            <p className="text-slate-600 text-sm">This collection has no text fields a variant can override here.</p>
          ) : (
            <div className="space-y-3">
              {fields.map((field) => (
                <OverrideRow
                  key={`${chosen}:${field.name}`}
                  field={field}
                  base={baseValue(field, document.data, locale)}
                  value={overrides[field.name] ?? ''}
                  error={fieldErrors[field.name]}
                  isDisabled={!canWrite}
                  onChange={(value) => setOverrides((current) => ({ ...current, [field.name]: value }))}
                />
              ))}
            </div>
          )}
          {leftOut.length > 0 ? (
            <p className="text-slate-500 text-xs">
              Only text and long text fields can be overridden here; {leftOut.map(fieldLabel).join(', ')}{' '}
              {leftOut.length === 1 ? 'is' : 'are'} left out.
            </p>
          ) : null}
          {writeWithAi.isError ? (
            <AiProblemNotice error={writeWithAi.error} note="Nothing was written; the variant is as it was." />
          ) : null}
          {saveError ? (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800 text-sm ring-1 ring-red-200 ring-inset">
              {saveError}
            </p>
          ) : null}
        </div>
      )}
      <ConfirmDialog
        isOpen={isConfirmingDelete}
        title={`Delete the variant for “${nameOf(chosen)}”?`}
        description="Visitors of this audience get the base document again, in every locale, once it is published."
        confirmLabel="Delete variant"
        isPending={remove.isPending}
        onClose={() => setConfirmingDelete(false)}
        onConfirm={() => remove.mutate({ ref, audience: chosen }, { onSettled: () => setConfirmingDelete(false) })}
      />
    </Sheet>
  );
}
