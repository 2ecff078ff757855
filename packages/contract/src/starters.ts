import { type Static, Type } from 'typebox';

export const STARTER_IDS = ['blog', 'docs', 'landing', 'empty'] as const;
export const StarterId = Type.Enum(STARTER_IDS);
export type StarterId = (typeof STARTER_IDS)[number];

/** Content a new project can start from: a model and sample documents. */
export const Starter = Type.Object({
  id: StarterId,
  name: Type.String(),
  description: Type.String(),
  collections: Type.Array(Type.String(), { description: 'The slugs of the collections it creates' }),
  components: Type.Array(Type.String(), { description: 'The names of the components it creates' }),
});
export type Starter = Static<typeof Starter>;

export const StarterList = Type.Object({ data: Type.Array(Starter) });
export type StarterList = Static<typeof StarterList>;

export const ApplyStarterBody = Type.Object({ starter: StarterId }, { additionalProperties: false });
export type ApplyStarterBody = Static<typeof ApplyStarterBody>;

/** What applying a starter created. */
export const AppliedStarter = Type.Object({
  starter: StarterId,
  collections: Type.Array(Type.String()),
  components: Type.Array(Type.String()),
  documents: Type.Integer({ minimum: 0, description: 'Sample documents created' }),
  media: Type.Integer({ minimum: 0, description: 'Images uploaded to the media library' }),
});
export type AppliedStarter = Static<typeof AppliedStarter>;
