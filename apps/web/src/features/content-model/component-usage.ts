import type { Collection, Component } from '@plinth/contract';

export interface ComponentUse {
  /** `collection` or `component`: what holds the blocks field. */
  owner: 'collection' | 'component';
  /** The collection's slug or the component's name. */
  name: string;
  /** The collection's name or the component's label, for people. */
  label: string;
  field: string;
}

/**
 * Where each component is used: the blocks fields of collections and other components that may hold it.
 * @example componentUses(collections, components).get('hero') // [{ owner: 'collection', name: 'home', field: 'sections', … }]
 */
export function componentUses(
  collections: readonly Collection[],
  components: readonly Component[],
): Map<string, ComponentUse[]> {
  const uses = new Map<string, ComponentUse[]>(components.map((component) => [component.name, []]));
  const record = (owner: ComponentUse['owner'], name: string, label: string, fields: Collection['fields']) => {
    for (const field of fields) {
      if (field.type !== 'blocks') continue;
      for (const held of field.options?.components ?? []) {
        uses.get(held)?.push({ owner, name, label, field: field.name });
      }
    }
  };
  for (const collection of collections) record('collection', collection.slug, collection.name, collection.fields);
  for (const component of components)
    record('component', component.name, component.label || component.name, component.fields);
  return uses;
}
