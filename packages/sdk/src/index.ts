// The public surface of @plinth/sdk: the client, the request functions it runs, the errors,
// the webhook check, real-time events and live preview. Shapes of the API (Document, Asset, Collection, …) come from the contract.
export type {
  Asset,
  Collection,
  Component,
  ErrorCode,
  EventTicket,
  Field,
  ListMeta,
  Presence,
  PreviewToken,
  Project,
  User,
  WebhookEvent,
  WebhookPayload,
} from '@plinth/contract';
export { login, me, refresh } from './auth.js';
export {
  type ClientOptions,
  type CollectionApi,
  type CollectionMap,
  createClient,
  type PlinthClient,
} from './client.js';
export {
  type CollectionTarget,
  type CreateDocumentOptions,
  compileFilter,
  compileQuery,
  compileReadOptions,
  createDocument,
  createPreviewToken,
  type DocumentAction,
  type DocumentData,
  type DocumentFilter,
  type DocumentInput,
  type DocumentList,
  type DocumentQuery,
  type DocumentReadOptions,
  deleteDocument,
  documentAction,
  type FieldFilter,
  type FieldName,
  type FilterValue,
  getDocument,
  listDocuments,
  type PlinthDocument,
  type PreviewReadOptions,
  type PublishOptions,
  type SortKey,
  type SystemColumn,
  type UpdateDocumentOptions,
  updateDocument,
  type WriteValue,
} from './documents.js';
export { PlinthError, PlinthGraphqlError, PlinthNetworkError } from './errors.js';
export { type CachedAnswer, createEtagCache, type EtagCache } from './etag-cache.js';
export {
  createEventTicket,
  type DeletedDocumentStub,
  type EventStreamConnection,
  type EventStreamErrorInfo,
  type EventStreamReset,
  type EventSubscription,
  eventStreamPath,
  openEventStream,
  type PlinthEvent,
  type PlinthEventDataMap,
  type PlinthEventName,
  type SubscribeOptions,
} from './events.js';
export { graphqlRequest } from './graphql.js';
export { getMedia, listMedia, mediaUrl, type UploadOptions, type UploadSource, uploadMedia } from './media.js';
export {
  getCollection,
  getComponent,
  getProject,
  type ListOf,
  listCollections,
  listComponents,
  listProjects,
} from './model.js';
export {
  mergePreview,
  PREVIEW_PARAM,
  type PreviewDocument,
  type PreviewFocusMessage,
  type PreviewMessage,
  type PreviewReadyMessage,
  previewTokenFrom,
  type SubscribeToPreviewOptions,
  subscribeToPreview,
} from './preview.js';
export {
  type CallOptions,
  type CreateOptions,
  type PlinthRequest,
  type QueryValue,
  toSearchParams,
} from './request.js';
export { type VerifyWebhookOptions, verifyWebhookSignature, WEBHOOK_TOLERANCE_SECONDS } from './webhooks.js';
