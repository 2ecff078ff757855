import {
  type Collection,
  type Component,
  type CreateCollectionBody,
  type CreateComponentBody,
  DISPLAY_FIELD_TYPES,
  FIELD_OPTIONS_BY_TYPE,
  FIELD_TYPES,
  type Field,
  type FieldOptions,
  type FieldType,
  isHttpUrlTemplate,
  PREVIEW_URL_BUILT_INS,
  PREVIEW_URL_FIELD_TYPES,
  previewUrlPlaceholders,
  RESERVED_COLLECTION_SLUGS,
  RESERVED_FIELD_NAMES,
  SLUG_SOURCE_TYPES,
  UNIQUE_FIELD_TYPES,
  type UpdateCollectionBody,
  type UpdateComponentBody,
} from '@plinth/contract';
import { z } from 'zod';
import { DEFAULT_TYPES, MIME_PATTERN, MODEL_NAME, MODEL_NAME_HINT } from './model-rules';

/** What the editor edits: a collection (or singleton), or a component. */
export type EditorMode = 'collection' | 'component';

const CollectionKind = z.enum(['collection', 'singleton']);

/** One field as the editor holds it: every option as typed, converted to a `Field` on save. */
export const FieldDraft = z.object({
  /** A stable id for lists and drag and drop (names change while typing). */
  key: z.string(),
  /** The field's name in the saved model; null for a field added here. */
  savedName: z.string().nullable(),
  /** The name was typed, so the label no longer suggests it. */
  isNameEdited: z.boolean(),
  name: z.string().trim(),
  type: z.enum(FIELD_TYPES),
  label: z.string().trim().max(200, 'Use at most 200 characters'),
  help: z.string().trim().max(1000, 'Use at most 1000 characters'),
  required: z.boolean(),
  unique: z.boolean(),
  localized: z.boolean(),
  hidden: z.boolean(),
  /** The default as typed (JSON for json fields, `true`/`false` for booleans, choices one a line). */
  defaultValue: z.string(),
  minLength: z.string().trim(),
  maxLength: z.string().trim(),
  pattern: z.string().trim().max(500, 'Use at most 500 characters'),
  min: z.string().trim(),
  max: z.string().trim(),
  from: z.string(),
  /** One choice a line. */
  choices: z.string(),
  multiple: z.boolean(),
  /** MIME types, comma-separated. */
  accept: z.string().trim(),
  collection: z.string(),
  components: z.array(z.string()),
});
export type FieldDraft = z.infer<typeof FieldDraft>;

/** The whole model being edited; for a component `slug` is its name and `name` its label. */
export const ModelDraft = z.object({
  name: z.string().trim(),
  slug: z.string().trim(),
  isSlugEdited: z.boolean(),
  singular: z.string().trim(),
  description: z.string().trim().max(2000, 'Use at most 2000 characters'),
  kind: CollectionKind,
  displayField: z.string(),
  requiresApproval: z.boolean(),
  previewUrl: z.string().trim().max(2048, 'Use at most 2048 characters'),
  fields: z.array(FieldDraft).max(200, 'A model holds at most 200 fields'),
});
export type ModelDraft = z.infer<typeof ModelDraft>;

let lastKey = 0;
const nextKey = () => {
  lastKey += 1;
  return `field-${lastKey}`;
};

/** A new field of a type, with nothing set. */
export function newFieldDraft(type: FieldType): FieldDraft {
  return {
    key: nextKey(),
    savedName: null,
    isNameEdited: false,
    name: '',
    type,
    label: '',
    help: '',
    required: false,
    unique: false,
    localized: false,
    hidden: false,
    defaultValue: '',
    minLength: '',
    maxLength: '',
    pattern: '',
    min: '',
    max: '',
    from: '',
    choices: '',
    multiple: false,
    accept: '',
    collection: '',
    components: [],
  };
}

const text = (value: number | undefined) => (value === undefined ? '' : String(value));

function defaultText(field: Field): string {
  const value = field.default;
  if (value === undefined || value === null) return '';
  if (field.type === 'json') return JSON.stringify(value, null, 2);
  if (field.type === 'select' && Array.isArray(value)) return value.join('\n');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The editor's copy of a saved field. */
export function fieldToDraft(field: Field): FieldDraft {
  const options = field.options ?? {};
  return {
    ...newFieldDraft(field.type),
    savedName: field.name,
    isNameEdited: true,
    name: field.name,
    label: field.label ?? '',
    help: field.help ?? '',
    required: field.required ?? false,
    unique: field.unique ?? false,
    localized: field.localized ?? false,
    hidden: field.hidden ?? false,
    defaultValue: defaultText(field),
    minLength: text(options.min_length),
    maxLength: text(options.max_length),
    pattern: options.pattern ?? '',
    min: text(options.min),
    max: text(options.max),
    from: options.from ?? '',
    choices: (options.choices ?? []).join('\n'),
    multiple: options.multiple ?? false,
    accept: (options.accept ?? []).join(', '),
    collection: options.collection ?? '',
    components: [...(options.components ?? [])],
  };
}

/** The choices typed, one a line, without blanks. */
export const choicesOf = (draft: Pick<FieldDraft, 'choices'>): string[] =>
  draft.choices
    .split('\n')
    .map((choice) => choice.trim())
    .filter(Boolean);

/** The MIME types typed, comma- or space-separated. */
export const acceptOf = (draft: Pick<FieldDraft, 'accept'>): string[] =>
  draft.accept
    .split(/[\s,]+/)
    .map((type) => type.trim())
    .filter(Boolean);

const isNumber = (value: string) => value !== '' && Number.isFinite(Number(value));
const isCount = (value: string) => /^\d+$/.test(value);

/** The default typed, as the value the API stores; undefined for none, or when it cannot be read. */
export function parseDefault(draft: FieldDraft): { value: unknown } | { error: string } | undefined {
  const raw = draft.defaultValue;
  if (!DEFAULT_TYPES.includes(draft.type) || raw.trim() === '') return undefined;
  switch (draft.type) {
    case 'number':
      return isNumber(raw.trim()) ? { value: Number(raw) } : { error: 'Enter a number' };
    case 'integer':
      return /^-?\d+$/.test(raw.trim()) ? { value: Number(raw) } : { error: 'Enter a whole number' };
    case 'boolean':
      return { value: raw === 'true' };
    case 'json':
      try {
        return { value: JSON.parse(raw) as unknown };
      } catch {
        return { error: 'Enter valid JSON, such as {"key": "value"} or [1, 2]' };
      }
    case 'select': {
      const picked = raw
        .split('\n')
        .map((choice) => choice.trim())
        .filter(Boolean);
      const choices = choicesOf(draft);
      const unknown = picked.find((choice) => !choices.includes(choice));
      if (unknown) return { error: `“${unknown}” is not one of the choices` };
      return { value: draft.multiple ? picked : picked[0] };
    }
    default:
      return { value: raw };
  }
}

/** The options of a draft that its type takes, in the API's shape. */
function optionsOf(draft: FieldDraft): FieldOptions | undefined {
  const allowed = FIELD_OPTIONS_BY_TYPE[draft.type];
  const options: FieldOptions = {};
  const has = (name: keyof FieldOptions) => allowed.includes(name);
  if (has('min_length') && draft.minLength !== '') options.min_length = Number(draft.minLength);
  if (has('max_length') && draft.maxLength !== '') options.max_length = Number(draft.maxLength);
  if (has('pattern') && draft.pattern !== '') options.pattern = draft.pattern;
  if (has('min') && draft.min !== '') options.min = Number(draft.min);
  if (has('max') && draft.max !== '') options.max = Number(draft.max);
  if (has('from') && draft.from !== '') options.from = draft.from;
  if (has('choices')) options.choices = choicesOf(draft);
  if (has('collection') && draft.collection !== '') options.collection = draft.collection;
  if (has('components')) options.components = [...draft.components];
  if (has('accept') && acceptOf(draft).length > 0) options.accept = acceptOf(draft);
  if (has('multiple') && draft.multiple) options.multiple = true;
  return Object.keys(options).length > 0 ? options : undefined;
}

/** A draft as the API's field: only what is set, flags only when on. */
export function draftToField(draft: FieldDraft, mode: EditorMode = 'collection'): Field {
  const parsed = parseDefault(draft);
  const options = optionsOf(draft);
  const canBeUnique = mode === 'collection' && UNIQUE_FIELD_TYPES.includes(draft.type) && !draft.multiple;
  return {
    name: draft.name.trim(),
    type: draft.type,
    ...(draft.label.trim() ? { label: draft.label.trim() } : {}),
    ...(draft.help.trim() ? { help: draft.help.trim() } : {}),
    ...(draft.required ? { required: true } : {}),
    ...(draft.unique && canBeUnique ? { unique: true } : {}),
    ...(draft.localized && mode === 'collection' ? { localized: true } : {}),
    ...(draft.hidden ? { hidden: true } : {}),
    ...(parsed && 'value' in parsed ? { default: parsed.value } : {}),
    ...(options ? { options } : {}),
  };
}

/** The editor's copy of a collection, or the blank one of a new collection. */
export function collectionToDraft(collection: Collection | null): ModelDraft {
  return {
    name: collection?.name ?? '',
    slug: collection?.slug ?? '',
    isSlugEdited: collection !== null,
    singular: collection?.singular ?? '',
    description: collection?.description ?? '',
    kind: collection?.kind ?? 'collection',
    displayField: collection?.display_field ?? '',
    requiresApproval: collection?.requires_approval ?? false,
    previewUrl: collection?.preview_url ?? '',
    fields: (collection?.fields ?? []).map(fieldToDraft),
  };
}

/** The editor's copy of a component, or the blank one of a new component. */
export function componentToDraft(component: Component | null): ModelDraft {
  return {
    ...collectionToDraft(null),
    name: component?.label ?? '',
    slug: component?.name ?? '',
    isSlugEdited: component !== null,
    description: component?.description ?? '',
    fields: (component?.fields ?? []).map(fieldToDraft),
  };
}

/** The POST body of a new collection. */
export function createCollectionBody(draft: ModelDraft): CreateCollectionBody {
  return {
    slug: draft.slug,
    name: draft.name,
    ...(draft.singular ? { singular: draft.singular } : {}),
    description: draft.description,
    kind: draft.kind,
    display_field: draft.displayField || null,
    requires_approval: draft.requiresApproval,
    preview_url: draft.previewUrl || null,
    fields: draft.fields.map((field) => draftToField(field)),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The PATCH body of a collection: only what changed since `saved` (empty when nothing did). */
export function updateCollectionBody(draft: ModelDraft, saved: Collection): UpdateCollectionBody {
  const next = createCollectionBody(draft);
  const body: UpdateCollectionBody = {};
  if (next.name !== saved.name) body.name = next.name;
  if (draft.singular && draft.singular !== saved.singular) body.singular = draft.singular;
  if (next.description !== saved.description) body.description = next.description;
  if (next.display_field !== saved.display_field) body.display_field = next.display_field ?? null;
  if (next.requires_approval !== saved.requires_approval) body.requires_approval = next.requires_approval ?? false;
  if (next.preview_url !== saved.preview_url) body.preview_url = next.preview_url ?? null;
  if (!same(next.fields, saved.fields)) body.fields = next.fields;
  return body;
}

/** The POST body of a new component. */
export function createComponentBody(draft: ModelDraft): CreateComponentBody {
  return {
    name: draft.slug,
    label: draft.name,
    description: draft.description,
    fields: draft.fields.map((field) => draftToField(field, 'component')),
  };
}

/** The PATCH body of a component: only what changed. */
export function updateComponentBody(draft: ModelDraft, saved: Component): UpdateComponentBody {
  const next = createComponentBody(draft);
  const body: UpdateComponentBody = {};
  if (next.label !== saved.label) body.label = next.label ?? '';
  if (next.description !== saved.description) body.description = next.description ?? '';
  if (!same(next.fields, saved.fields)) body.fields = next.fields;
  return body;
}

export interface ModelContext {
  mode: EditorMode;
  isNew: boolean;
  /** The project's collections: references point at them; new slugs may not take theirs. */
  collections: readonly Pick<Collection, 'slug' | 'singular'>[];
  /** The project's component names: blocks hold them; new components may not take theirs. */
  components: readonly string[];
}

type Issue = { path: (string | number)[]; message: string };

function nameProblem(name: string, what: string): string | null {
  if (name === '') return `Enter the ${what}`;
  if (!MODEL_NAME.test(name)) return MODEL_NAME_HINT;
  return null;
}

function fieldIssues(field: FieldDraft, index: number, fields: readonly FieldDraft[], context: ModelContext): Issue[] {
  const issues: Issue[] = [];
  const at = (key: keyof FieldDraft, message: string) => issues.push({ path: ['fields', index, key], message });
  const name = field.name.trim();
  const problem = nameProblem(name, 'field name');
  if (problem) at('name', problem);
  else if (RESERVED_FIELD_NAMES.has(name)) at('name', `“${name}” is reserved: every document has it already`);
  else if (fields.findIndex((other) => other.name.trim() === name) !== index) at('name', `“${name}” is used twice`);

  const allowed = FIELD_OPTIONS_BY_TYPE[field.type];
  if (allowed.includes('min_length') && field.minLength !== '' && !isCount(field.minLength))
    at('minLength', 'Enter a whole number, 0 or more');
  if (allowed.includes('max_length') && field.maxLength !== '') {
    if (!isCount(field.maxLength) || Number(field.maxLength) < 1) at('maxLength', 'Enter a whole number, 1 or more');
    else if (
      allowed.includes('min_length') &&
      isCount(field.minLength) &&
      Number(field.minLength) > Number(field.maxLength)
    )
      at('minLength', 'Must not exceed the maximum length');
  }
  if (allowed.includes('pattern') && field.pattern !== '') {
    try {
      new RegExp(field.pattern);
    } catch {
      at('pattern', 'Enter a valid regular expression (RE2 syntax: no backreferences or lookaround)');
    }
  }
  if (allowed.includes('min') && field.min !== '' && !isNumber(field.min)) at('min', 'Enter a number');
  if (allowed.includes('max') && field.max !== '' && !isNumber(field.max)) at('max', 'Enter a number');
  if (isNumber(field.min) && isNumber(field.max) && Number(field.min) > Number(field.max))
    at('min', 'Must not exceed the maximum');
  if (field.type === 'select') {
    const choices = choicesOf(field);
    if (choices.length === 0) at('choices', 'Enter at least one choice, one a line');
    else if (new Set(choices).size !== choices.length) at('choices', 'Each choice may appear once');
    else if (choices.length > 500) at('choices', 'Use at most 500 choices');
    else if (choices.some((choice) => choice.length > 200)) at('choices', 'Use at most 200 characters a choice');
  }
  if (field.type === 'media') {
    const wrong = acceptOf(field).find((type) => !MIME_PATTERN.test(type));
    if (wrong) at('accept', `“${wrong}” is not a MIME type such as image/* or application/pdf`);
  }
  if (field.type === 'reference') {
    if (!field.collection) at('collection', 'Choose the collection it refers to');
    else if (!context.collections.some((collection) => collection.slug === field.collection))
      at('collection', `There is no collection “${field.collection}”`);
  }
  if (field.type === 'blocks') {
    if (field.components.length === 0) at('components', 'Choose at least one component');
    const missing = field.components.find((component) => !context.components.includes(component));
    if (missing) at('components', `There is no component “${missing}”`);
  }
  if (field.type === 'slug' && field.from !== '') {
    const source = fields.find((other) => other.name.trim() === field.from);
    if (!source || !SLUG_SOURCE_TYPES.includes(source.type)) at('from', 'Choose a text field of this model');
    else if (source.hidden && !field.hidden) at('from', 'Choose a visible field, or hide this slug too');
  }
  const parsed = parseDefault(field);
  if (parsed && 'error' in parsed) at('defaultValue', parsed.error);
  return issues;
}

/**
 * The editor's form schema: the contract's shape plus the checks the server makes on the model
 * as a whole (names, options of each type, references to collections and components).
 */
export function modelDraftSchema(context: ModelContext) {
  return ModelDraft.superRefine((draft, ctx) => {
    const add = ({ path, message }: Issue) => ctx.addIssue({ code: 'custom', path, message });
    const isCollection = context.mode === 'collection';
    if (isCollection) {
      if (draft.name === '') add({ path: ['name'], message: 'Enter a name, such as Articles' });
      else if (draft.name.length > 120) add({ path: ['name'], message: 'Use at most 120 characters' });
    } else if (draft.name.length > 120) add({ path: ['name'], message: 'Use at most 120 characters' });
    if (context.isNew) {
      const slugProblem = nameProblem(draft.slug, isCollection ? 'slug' : 'component name');
      if (slugProblem) add({ path: ['slug'], message: slugProblem });
      else if (isCollection && RESERVED_COLLECTION_SLUGS.has(draft.slug))
        add({ path: ['slug'], message: `“${draft.slug}” is reserved` });
      else if (isCollection && context.collections.some((other) => other.slug === draft.slug))
        add({ path: ['slug'], message: `A collection “${draft.slug}” already exists` });
      else if (!isCollection && context.components.includes(draft.slug))
        add({ path: ['slug'], message: `A component “${draft.slug}” already exists` });
    }
    if (isCollection && draft.singular !== '') {
      if (!MODEL_NAME.test(draft.singular)) add({ path: ['singular'], message: MODEL_NAME_HINT });
      else if (draft.singular === draft.slug) add({ path: ['singular'], message: 'Must differ from the slug' });
    }
    draft.fields.forEach((field, index) => {
      for (const issue of fieldIssues(field, index, draft.fields, context)) add(issue);
    });
    if (!isCollection) {
      draft.fields.forEach((field, index) => {
        if (field.type === 'blocks' && field.components.includes(draft.slug))
          add({ path: ['fields', index, 'components'], message: 'A component cannot hold itself' });
      });
      return;
    }
    if (draft.displayField) {
      const display = draft.fields.find((field) => field.name.trim() === draft.displayField);
      if (!display || !DISPLAY_FIELD_TYPES.includes(display.type) || display.hidden)
        add({ path: ['displayField'], message: 'Choose a visible text-like field of this collection' });
    }
    if (draft.previewUrl) {
      for (const name of previewUrlPlaceholders(draft.previewUrl)) {
        if ((PREVIEW_URL_BUILT_INS as readonly string[]).includes(name)) continue;
        const field = draft.fields.find((candidate) => candidate.name.trim() === name);
        if (!field) {
          add({
            path: ['previewUrl'],
            message: `{${name}} is neither id, collection, locale nor a field of the collection`,
          });
          return;
        }
        if (!PREVIEW_URL_FIELD_TYPES.includes(field.type) || field.multiple) {
          add({
            path: ['previewUrl'],
            message: `{${name}} is a ${field.type} field; only single text-like values go in a URL`,
          });
          return;
        }
      }
      if (!isHttpUrlTemplate(draft.previewUrl))
        add({ path: ['previewUrl'], message: 'Enter an absolute URL that starts with https:// or http://' });
    }
  });
}

const SETTING_PATHS: Record<EditorMode, Record<string, keyof ModelDraft>> = {
  collection: {
    slug: 'slug',
    name: 'name',
    singular: 'singular',
    description: 'description',
    kind: 'kind',
    display_field: 'displayField',
    requires_approval: 'requiresApproval',
    preview_url: 'previewUrl',
  },
  component: { name: 'slug', label: 'name', description: 'description' },
};

const OPTION_PATHS: Record<string, keyof FieldDraft> = {
  min_length: 'minLength',
  max_length: 'maxLength',
  pattern: 'pattern',
  min: 'min',
  max: 'max',
  from: 'from',
  choices: 'choices',
  multiple: 'multiple',
  accept: 'accept',
  collection: 'collection',
  components: 'components',
};

const FIELD_KEYS: readonly string[] = ['name', 'type', 'label', 'help', 'required', 'unique', 'localized', 'hidden'];

export type DraftPath = keyof ModelDraft | `fields.${number}.${keyof FieldDraft}`;

/**
 * Where the server's `details` path of a refused save belongs in the form: `fields.2.options.max_length`
 * (a 400, by index in the body sent) or `fields.title` (a 409, by field name); null when it belongs to
 * no one field.
 * @example draftPathOf('fields.0.options.min_length', 'collection', fields) // 'fields.0.minLength'
 */
export function draftPathOf(path: string, mode: EditorMode, fields: readonly FieldDraft[]): DraftPath | null {
  const [head = '', second, ...rest] = path.split('.');
  if (head !== 'fields') return SETTING_PATHS[mode][head] ?? null;
  if (second === undefined) return null;
  const index = /^\d+$/.test(second) ? Number(second) : fields.findIndex((field) => field.name.trim() === second);
  if (index < 0 || index >= fields.length) return null;
  const [key = '', option = ''] = rest;
  // A 409 names the field only: what must change is its type or its constraints.
  if (key === '') return /^\d+$/.test(second) ? `fields.${index}.name` : `fields.${index}.type`;
  if (key === 'options') {
    const target = OPTION_PATHS[option];
    return target ? `fields.${index}.${target}` : `fields.${index}.type`;
  }
  if (key === 'default') return `fields.${index}.defaultValue`;
  return FIELD_KEYS.includes(key) ? (`fields.${index}.${key}` as DraftPath) : null;
}

/** A server message made to stand alone under its field ("is reserved" → "Is reserved"). */
export const sentence = (message: string) => message.charAt(0).toUpperCase() + message.slice(1);
