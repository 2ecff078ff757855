import { type Static, Type } from 'typebox';
import { Id, Timestamp } from './common.js';

/** What one step of a model promotion does. */
export const MODEL_CHANGE_OPS = [
  'add_collection',
  'remove_collection',
  'change_collection',
  'add_field',
  'remove_field',
  'change_field',
  'add_component',
  'remove_component',
  'change_component',
] as const;
export type ModelChangeOp = (typeof MODEL_CHANGE_OPS)[number];

/**
 * One difference between two projects' models: `collection` or `component` names what it is
 * about, `field` the field for field changes; `before`/`after` are the definitions on either side.
 */
export const ModelChange = Type.Object({
  op: Type.Enum(MODEL_CHANGE_OPS),
  collection: Type.Optional(Type.String()),
  component: Type.Optional(Type.String()),
  field: Type.Optional(Type.String()),
  before: Type.Optional(Type.Unknown()),
  after: Type.Optional(Type.Unknown()),
  /** Documents of this project the change touches (that hold a value it removes or changes). */
  affected_documents: Type.Integer({ minimum: 0 }),
});
export type ModelChange = Static<typeof ModelChange>;

export const ModelDiff = Type.Object({ changes: Type.Array(ModelChange) });
export type ModelDiff = Static<typeof ModelDiff>;

export const ModelDiffQuery = Type.Object({ from: Id }, { additionalProperties: false });
export type ModelDiffQuery = Static<typeof ModelDiffQuery>;

export const ApplyModelBody = Type.Object(
  { from: Id, dry_run: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export type ApplyModelBody = Static<typeof ApplyModelBody>;

export const TransferStatus = Type.Enum(['queued', 'running', 'done', 'failed'] as const);
export type TransferStatus = Static<typeof TransferStatus>;

/** What an export holds; audit is off unless asked for. */
export const ExportInclude = Type.Object(
  {
    documents: Type.Optional(Type.Boolean()),
    versions: Type.Optional(Type.Boolean()),
    media: Type.Optional(Type.Boolean()),
    audit: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ExportInclude = Static<typeof ExportInclude>;

export const CreateExportBody = Type.Object({ include: Type.Optional(ExportInclude) }, { additionalProperties: false });
export type CreateExportBody = Static<typeof CreateExportBody>;

export const Export = Type.Object({
  id: Id,
  status: TransferStatus,
  progress: Type.Number({ minimum: 0, maximum: 1 }),
  /** The archive's bytes once done. */
  size: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
  created_at: Timestamp,
  finished_at: Type.Union([Timestamp, Type.Null()]),
});
export type Export = Static<typeof Export>;

export const ExportParams = Type.Object({ projectId: Id, exportId: Id });
export type ExportParams = Static<typeof ExportParams>;

export const IMPORT_MODES = ['merge', 'replace', 'copy'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

/** The multipart form of `POST /projects/:p/imports`. */
export const ImportForm = Type.Object({
  archive: Type.Unsafe<unknown>({ type: 'string', format: 'binary', description: 'A gzipped tar made by an export' }),
  mode: Type.Optional(Type.Enum(IMPORT_MODES)),
  dry_run: Type.Optional(Type.Enum(['true', 'false'] as const)),
});

/** One thing an import stopped at: an archive entry (`path`) and what is wrong with it. */
export const ImportProblem = Type.Object({ path: Type.String(), message: Type.String() });
export type ImportProblem = Static<typeof ImportProblem>;

export const ImportReport = Type.Object({
  created: Type.Integer({ minimum: 0 }),
  updated: Type.Integer({ minimum: 0 }),
  unchanged: Type.Integer({ minimum: 0 }),
  conflicts: Type.Array(ImportProblem),
  errors: Type.Array(ImportProblem),
});
export type ImportReport = Static<typeof ImportReport>;

export const Import = Type.Object({
  id: Id,
  status: TransferStatus,
  progress: Type.Number({ minimum: 0, maximum: 1 }),
  mode: Type.Enum(IMPORT_MODES),
  dry_run: Type.Boolean(),
  /** Once done or failed: what was (or, on a dry run, would be) written, and what stopped it. */
  report: Type.Union([ImportReport, Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
  created_at: Timestamp,
  finished_at: Type.Union([Timestamp, Type.Null()]),
});
export type Import = Static<typeof Import>;

export const ImportParams = Type.Object({ projectId: Id, importId: Id });
export type ImportParams = Static<typeof ImportParams>;
