import { type Static, Type } from 'typebox';
import { User, UserStatus } from './auth.js';
import { Id, PageQuery } from './common.js';

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
