// @plinth/sdk/react: TanStack Query hooks over the core client.

export { type LivePreviewOptions, useLivePreview } from './live-preview.js';
export {
  type HookMutationOptions,
  type PublishVariables,
  useCreateDocument,
  useDeleteDocument,
  usePublishDocument,
  useUnpublishDocument,
  useUpdateDocument,
} from './mutations.js';
export { PlinthProvider, usePlinthClient } from './provider.js';
export {
  documentQueryOptions,
  documentsQueryOptions,
  type HookQueryOptions,
  type PlinthFailure,
  plinthKeys,
  useDocument,
  useDocuments,
} from './queries.js';
