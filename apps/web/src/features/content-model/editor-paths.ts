/**
 * The section path (under the project) of the model editor. Collections have their own path;
 * components and new models use the query string, so every editor view is a link to share.
 * @example editorPath({ collection: 'articles' }) // 'collection-editor/articles'
 * @example editorPath({ component: 'hero' }) // 'collection-editor?component=hero'
 */
export function editorPath(
  target: { collection: string } | { component: string } | { isNew: 'collection' | 'component' },
): string {
  if ('collection' in target) return `collection-editor/${encodeURIComponent(target.collection)}`;
  if ('component' in target) return `collection-editor?component=${encodeURIComponent(target.component)}`;
  return target.isNew === 'component' ? 'collection-editor?new=component' : 'collection-editor';
}
