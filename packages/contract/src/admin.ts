import { type Static, Type } from 'typebox';
import { User, UserStatus } from './auth.js';
import { Id, PageQuery, Timestamp } from './common.js';
import { PlanId } from './projects.js';

export const AdminUser = Type.Object({
  ...User.properties,
  status: UserStatus,
  company: Type.Union([Type.String(), Type.Null()]),
});
export type AdminUser = Static<typeof AdminUser>;

export const AdminUserQuery = Type.Object({
  ...PageQuery.properties,
  status: Type.Optional(UserStatus),
});
export type AdminUserQuery = Static<typeof AdminUserQuery>;

export const UserParams = Type.Object({ userId: Id });
export type UserParams = Static<typeof UserParams>;

export const MessageQuery = Type.Object({
  ...PageQuery.properties,
  kind: Type.Optional(Type.Union([Type.Literal('contact'), Type.Literal('support')])),
});
export type MessageQuery = Static<typeof MessageQuery>;

/** A project as instance admins list it: its plan, its first owner and how many have joined. */
export const AdminProject = Type.Object({
  id: Id,
  name: Type.String(),
  slug: Type.String(),
  plan: PlanId,
  owner: Type.Union([Type.Object({ id: Id, name: Type.String(), email: Type.String() }), Type.Null()], {
    description: 'The owner who joined first; null when no owner has joined',
  }),
  members: Type.Integer({ description: 'Members who have joined (open invitations not counted)' }),
  created_at: Timestamp,
});
export type AdminProject = Static<typeof AdminProject>;

export const AdminProjectQuery = Type.Object(
  {
    ...PageQuery.properties,
    q: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Part of the name or slug (any case)' })),
  },
  { additionalProperties: false },
);
export type AdminProjectQuery = Static<typeof AdminProjectQuery>;
