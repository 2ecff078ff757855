import { type Static, Type } from 'typebox';

const Count = Type.Integer({ minimum: 0 });

/**
 * A project at a glance, for its dashboard: the model, documents by state, the media library,
 * people and integrations. Documents and files in the trash are not counted.
 */
export const ProjectOverview = Type.Object({
  collections: Count,
  components: Count,
  documents: Type.Object({
    total: Count,
    draft: Count,
    published: Count,
    changed: Type.Integer({ minimum: 0, description: 'Published, with newer unpublished edits' }),
    in_review: Type.Integer({ minimum: 0, description: 'Submitted for review and not yet approved or rejected' }),
    scheduled: Type.Integer({ minimum: 0, description: 'With a publish time set' }),
  }),
  media: Type.Object({
    count: Count,
    bytes: Type.Integer({ minimum: 0, description: 'Stored bytes, variants included (what the storage quota counts)' }),
  }),
  members: Type.Object({ active: Count, invited: Count }),
  api_tokens: Type.Integer({ minimum: 0, description: 'Tokens not revoked' }),
  webhooks: Count,
});
export type ProjectOverview = Static<typeof ProjectOverview>;
