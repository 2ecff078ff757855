import type { Collection, Component, Field } from '@plinth/contract';
import { memo, useMemo } from 'react';
import { BlocksEditor } from './blocks-editor';
import { FieldControl } from './field-control';
import { MediaPicker, ReferencePicker } from './pickers';
import { RichTextEditor } from './rich-text-editor';

/** What every field editor of one form shares: keep it one object, so unchanged fields skip rendering. */
export interface FieldEnvironment {
  projectId: string;
  /** Every collection of the project: what reference fields point at. */
  collections: readonly Collection[];
  /** The project's components: what blocks are made of. */
  components: readonly Component[];
  readOnly: boolean;
}

/**
 * The editor of any field, top-level or inside a block (blocks nest through it). Memoized: a key
 * press re-renders the field it changed and not the hundreds of others a big document has, as
 * long as the form keeps `environment`, `onChange` and unchanged values the same objects.
 */
export const FieldEditor = memo(function FieldEditor({
  environment,
  field,
  value,
  onChange,
  fallback = null,
  fallbackLocale = null,
  error,
}: {
  environment: FieldEnvironment;
  field: Field;
  value: unknown;
  onChange: (value: unknown) => void;
  /** The default locale's value, shown as a hint where this locale has none. */
  fallback?: unknown;
  fallbackLocale?: string | null;
  error?: string | undefined;
}) {
  const renderInner = useMemo(() => innerRenderer(environment), [environment]);
  const common = { field, value, error, readOnly: environment.readOnly, onChange };
  switch (field.type) {
    case 'reference':
      return <ReferencePicker projectId={environment.projectId} collections={environment.collections} {...common} />;
    case 'media':
      return <MediaPicker projectId={environment.projectId} {...common} />;
    case 'richtext':
      return <RichTextEditor projectId={environment.projectId} {...common} />;
    case 'blocks':
      return (
        <BlocksEditor
          components={environment.components}
          {...common}
          renderField={renderInner}
          fallback={fallback}
          fallbackLocale={fallbackLocale}
        />
      );
    default:
      return <FieldControl fallback={fallback} fallbackLocale={fallbackLocale} {...common} />;
  }
});

/** How a blocks field draws the fields of its blocks: with the same memoized editor. */
const innerRenderer =
  (environment: FieldEnvironment) => (inner: Field, value: unknown, onChange: (value: unknown) => void) => (
    <FieldEditor environment={environment} field={inner} value={value} onChange={onChange} />
  );
