import {
  DISPLAY_FIELD_TYPES,
  FIELD_OPTIONS_BY_TYPE,
  type Field,
  RESERVED_COLLECTION_SLUGS,
  RESERVED_FIELD_NAMES,
  SLUG_SOURCE_TYPES,
  UNIQUE_FIELD_TYPES,
} from '@plinth/contract';
import { AppError } from '../../lib/errors.js';
import { patternProblem } from './field-pattern.js';
import { type ComponentFields, checkValue, type ValueProblem } from './field-values.js';

export interface ModelContext {
  /** Slugs of the project's collections, including the one being saved. */
  collections: ReadonlySet<string>;
  /** The project's components (with the one being saved, when it is a component). */
  components: ComponentFields;
}

function checkField(
  field: Field,
  index: number,
  fields: readonly Field[],
  context: ModelContext,
  inComponent: boolean,
) {
  const problems: ValueProblem[] = [];
  const at = (suffix: string, message: string) => problems.push({ path: `fields.${index}${suffix}`, message });
  const options = field.options ?? {};
  if (RESERVED_FIELD_NAMES.has(field.name)) at('.name', `"${field.name}" is reserved`);
  if (fields.findIndex((other) => other.name === field.name) !== index) at('.name', `"${field.name}" is used twice`);
  for (const key of Object.keys(options)) {
    if (!(FIELD_OPTIONS_BY_TYPE[field.type] as readonly string[]).includes(key))
      at(`.options.${key}`, `is not an option of ${field.type} fields`);
  }
  if (options.min_length !== undefined && options.max_length !== undefined && options.min_length > options.max_length) {
    at('.options.min_length', 'must not exceed max_length');
  }
  if (options.min !== undefined && options.max !== undefined && options.min > options.max) {
    at('.options.min', 'must not exceed max');
  }
  if (options.pattern !== undefined) {
    const problem = patternProblem(options.pattern);
    if (problem) at('.options.pattern', problem);
  }
  if (field.type === 'select' && !options.choices) at('.options.choices', 'is required for select fields');
  if (field.type === 'reference') {
    if (!options.collection) at('.options.collection', 'is required for reference fields');
    else if (!context.collections.has(options.collection))
      at('.options.collection', `no collection "${options.collection}"`);
  }
  if (field.type === 'blocks') {
    if (!options.components) at('.options.components', 'is required for blocks fields');
    for (const name of options.components ?? []) {
      if (!context.components.has(name)) at('.options.components', `no component "${name}"`);
    }
  }
  if (field.type === 'slug' && options.from !== undefined) {
    const source = fields.find((other) => other.name === options.from);
    if (!source || !SLUG_SOURCE_TYPES.includes(source.type))
      at('.options.from', 'must name a text field of this model');
    // Everyone who reads the slug would read the hidden value in it.
    else if (source.hidden && !field.hidden)
      at('.options.from', 'must name a visible field, or the slug be hidden too');
  }
  if (field.unique) {
    if (!UNIQUE_FIELD_TYPES.includes(field.type) || options.multiple)
      at('.unique', `is not supported on ${field.type} fields`);
    if (inComponent) at('.unique', 'is not supported inside components');
  }
  if (inComponent && field.localized) at('.localized', 'is set on the blocks field that holds the component');
  if (field.default !== undefined && field.default !== null) {
    const checked = checkValue(field, field.default, `fields.${index}.default`, {
      components: context.components,
      hiddenWritable: true,
    });
    problems.push(...checked.problems);
  }
  return problems;
}

function fail(problems: ValueProblem[]): never {
  const [first] = problems;
  throw new AppError('VALIDATION_FAILED', first ? `${first.path} ${first.message}` : 'The model is invalid', problems);
}

/** Validates a collection's fields and display field against the project's model. */
export function validateCollectionModel(
  model: { slug: string; fields: readonly Field[]; displayField: string | null },
  context: ModelContext,
): void {
  const problems: ValueProblem[] = [];
  if (RESERVED_COLLECTION_SLUGS.has(model.slug))
    problems.push({ path: 'slug', message: `"${model.slug}" is reserved` });
  model.fields.forEach((field, index) => {
    problems.push(...checkField(field, index, model.fields, context, false));
  });
  if (model.displayField !== null) {
    const display = model.fields.find((field) => field.name === model.displayField);
    if (!display || !DISPLAY_FIELD_TYPES.includes(display.type) || display.hidden) {
      problems.push({ path: 'display_field', message: 'must name a visible text-like field of this collection' });
    }
  }
  if (problems.length > 0) fail(problems);
}

/** Validates a component's fields, and that blocks never nest a component inside itself. */
export function validateComponentModel(name: string, fields: readonly Field[], context: ModelContext): void {
  const problems: ValueProblem[] = [];
  fields.forEach((field, index) => {
    problems.push(...checkField(field, index, fields, context, true));
  });
  if (problems.length > 0) fail(problems);
  const cycle = findCycle(name, context.components);
  if (cycle) {
    fail([{ path: 'fields', message: `components would contain themselves: ${cycle.join(' → ')}` }]);
  }
}

function findCycle(start: string, components: ComponentFields): string[] | null {
  const visit = (name: string, trail: string[]): string[] | null => {
    for (const field of components.get(name) ?? []) {
      for (const child of field.type === 'blocks' ? (field.options?.components ?? []) : []) {
        if (child === start) return [...trail, child];
        if (!trail.includes(child)) {
          const found = visit(child, [...trail, child]);
          if (found) return found;
        }
      }
    }
    return null;
  };
  return visit(start, [start]);
}
