import type { Collection, Component, Field } from '@plinth/contract';

/** The content model as the API describes it. */
export interface ContentModel {
  collections: Collection[];
  components: Component[];
}

export interface GenerateTypesOptions extends ContentModel {
  /** Named in the header comment. */
  projectId?: string;
  /** Where the generated file imports `Asset` and `PlinthDocument` from. */
  importFrom?: string;
}

/** Names the generated file takes for itself or imports, which model names must not shadow. */
const RESERVED = ['Asset', 'PlinthDocument', 'Collections'];

/** @example pascalCase('blog_post') // 'BlogPost' */
const pascalCase = (name: string) =>
  name
    .split('_')
    .filter((part) => part !== '')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

/** Hands out unique interface names, deterministically for a given model. */
function nameRegistry() {
  const taken = new Set(RESERVED);
  return (preferred: string, suffix: string) => {
    let name = taken.has(preferred) ? `${preferred}${suffix}` : preferred;
    for (let n = 2; taken.has(name); n++) name = `${preferred}${suffix}${n}`;
    taken.add(name);
    return name;
  };
}

/** A JSDoc block, or nothing when there is nothing to say. */
function doc(lines: (string | undefined)[], indent: string): string {
  const text = lines.filter((line): line is string => Boolean(line)).map((line) => line.replaceAll('*/', '*\\/'));
  if (text.length === 0) return '';
  if (text.length === 1) return `${indent}/** ${text[0]} */\n`;
  return `${indent}/**\n${text.map((line) => `${indent} * ${line}`).join('\n')}\n${indent} */\n`;
}

interface Names {
  collections: ReadonlyMap<string, string>;
  components: ReadonlyMap<string, string>;
  used: Set<'Asset' | 'PlinthDocument'>;
}

/** The TypeScript type of one value of a field, as reads return it (a locale's flat value for localized fields). */
function valueType(field: Field, names: Names): string {
  const options = field.options ?? {};
  const many = (type: string) => (options.multiple ? `(${type})[]` : type);
  switch (field.type) {
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'json':
      return 'unknown';
    case 'select':
      return many(options.choices?.map((choice) => JSON.stringify(choice)).join(' | ') || 'string');
    case 'media':
      names.used.add('Asset');
      return many('string | Asset');
    case 'reference': {
      names.used.add('PlinthDocument');
      const target = names.collections.get(options.collection ?? '');
      return many(`string | PlinthDocument${target ? `<${target}>` : ''}`);
    }
    case 'blocks': {
      const allowed = options.components ?? [...names.components.keys()];
      const members = allowed.flatMap((name) => names.components.get(name) ?? []);
      return members.length > 0
        ? `(${members.join(' | ')})[]`
        : '{ _component: string; _key: string; [field: string]: unknown }[]';
    }
    default:
      // text, longtext, richtext (HTML), email, url, slug, date (YYYY-MM-DD), datetime (ISO 8601).
      return 'string';
  }
}

/**
 * One property. Reads return every visible field, null when it has no value; `required` fields
 * always have one. Hidden fields reach project members only (never API tokens), so they may be
 * absent; so may a block's optional fields, as a block holds what was written.
 */
function property(field: Field, names: Names, mayBeAbsent: boolean): string {
  const type = valueType(field, names);
  const nullable = field.required || type === 'unknown' ? type : `${type} | null`;
  const optional = field.hidden || (mayBeAbsent && !field.required) ? '?' : '';
  const comment = doc(
    [
      field.label && field.help ? `${field.label}: ${field.help}` : (field.help ?? field.label),
      field.localized ? 'Localized: reads return the value of the requested locale.' : undefined,
      field.hidden ? 'Hidden: never returned to API tokens.' : undefined,
    ],
    '  ',
  );
  return `${comment}  ${field.name}${optional}: ${nullable};\n`;
}

/**
 * TypeScript interfaces for a project's content model: one per collection (its documents'
 * `data`) and per component (a block, with its `_component` discriminant), and a `Collections`
 * map to pass to `createClient`.
 * @example
 * const source = generateTypes({ collections, components, projectId });
 * // export interface Article { title: string; author: string | PlinthDocument<Author> | null; … }
 * // export interface Collections { articles: Article; authors: Author }
 */
export function generateTypes(options: GenerateTypesOptions): string {
  const collections = [...options.collections].sort((a, b) => a.slug.localeCompare(b.slug));
  const components = [...options.components].sort((a, b) => a.name.localeCompare(b.name));
  const claim = nameRegistry();
  const names: Names = {
    collections: new Map(
      collections.map((collection) => [collection.slug, claim(pascalCase(collection.singular), 'Document')]),
    ),
    components: new Map(
      components.map((component) => [component.name, claim(`${pascalCase(component.name)}Component`, '')]),
    ),
    used: new Set(),
  };

  const blocks: string[] = [];
  for (const collection of collections) {
    const header = doc(
      [
        `${collection.name} (collection \`${collection.slug}\`${collection.kind === 'singleton' ? ', a singleton' : ''}).`,
        collection.description,
      ],
      '',
    );
    const body = collection.fields.map((field) => property(field, names, false)).join('');
    blocks.push(`${header}export interface ${names.collections.get(collection.slug)} {\n${body}}\n`);
  }
  for (const component of components) {
    const header = doc(
      [
        `${component.label || component.name} (component \`${component.name}\`), an item of blocks fields.`,
        component.description,
      ],
      '',
    );
    const body = component.fields.map((field) => property(field, names, true)).join('');
    blocks.push(
      `${header}export interface ${names.components.get(component.name)} {\n  _component: ${JSON.stringify(component.name)};\n  _key: string;\n${body}}\n`,
    );
  }
  const map = collections
    .map((collection) => `  ${collection.slug}: ${names.collections.get(collection.slug)};\n`)
    .join('');
  blocks.push(
    `/** Collection slugs to their documents' data: \`createClient<Collections>({ … })\`. */\nexport interface Collections {\n${map}}\n`,
  );

  const imports = [...names.used].sort();
  const lines = [
    `// Generated by \`plinth-sdk generate\`${options.projectId ? ` from project ${options.projectId}` : ''}. Do not edit:`,
    '// run it again after changing the content model.',
    ...(imports.length > 0
      ? [`import type { ${imports.join(', ')} } from ${JSON.stringify(options.importFrom ?? '@plinth/sdk')};`]
      : []),
  ];
  return `${lines.join('\n')}\n\n${blocks.join('\n')}`;
}
