import { type Static, Type } from 'typebox';
import { Id, Timestamp } from './common.js';
import { DocumentStatus } from './content.js';

export const ProjectSearchQuery = Type.Object(
  {
    q: Type.String({ minLength: 1, maxLength: 200, description: 'Words to find (each as a word prefix)' }),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 25, description: 'How many hits (default 8)' })),
  },
  { additionalProperties: false },
);
export type ProjectSearchQuery = Static<typeof ProjectSearchQuery>;

/** A document found by the project-wide search (the app's command palette). */
export const SearchHit = Type.Object({
  id: Id,
  collection: Type.String(),
  title: Type.Union([Type.String(), Type.Null()], {
    description: "The display field's value (else the first text field's) in the default locale; null when empty",
  }),
  status: DocumentStatus,
  updated_at: Timestamp,
});
export type SearchHit = Static<typeof SearchHit>;

export const SearchHitList = Type.Object({ data: Type.Array(SearchHit) });
export type SearchHitList = Static<typeof SearchHitList>;
