import { type Static, Type } from 'typebox';
import { Email, Id, Timestamp } from './common.js';
import { InvitationToken } from './projects.js';

export const User = Type.Object({
  id: Id,
  email: Type.String(),
  name: Type.String(),
  avatar_url: Type.Union([Type.String(), Type.Null()]),
  is_admin: Type.Boolean(),
  created_at: Timestamp,
});
export type User = Static<typeof User>;

/**
 * The signed-in user as the profile screen needs it: `has_password` tells "set a password"
 * (accounts made through a sign-in provider have none) from "change password".
 */
export const CurrentUser = Type.Object({
  ...User.properties,
  has_password: Type.Boolean({ description: 'Whether the account can sign in with a password' }),
});
export type CurrentUser = Static<typeof CurrentUser>;

export const UserStatus = Type.Union([Type.Literal('active'), Type.Literal('pending'), Type.Literal('invited')]);
export type UserStatus = Static<typeof UserStatus>;

export const Password = Type.String({ minLength: 8, maxLength: 256 });

export const RegisterBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 120 }),
    email: Email,
    password: Password,
    company: Type.Optional(Type.String({ maxLength: 200 })),
    /** From an invitation link: joins its project, and the account is active whatever the mode. */
    invitation_token: Type.Optional(InvitationToken),
  },
  { additionalProperties: false },
);
export type RegisterBody = Static<typeof RegisterBody>;

export const RegisterResponse = Type.Object({
  user: User,
  status: Type.Union([Type.Literal('active'), Type.Literal('pending')]),
});
export type RegisterResponse = Static<typeof RegisterResponse>;

export const LoginBody = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: 254 }),
    password: Type.String({ minLength: 1, maxLength: 256 }),
  },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBody>;

export const TokenPair = Type.Object({
  access_token: Type.String(),
  refresh_token: Type.String(),
  expires_in: Type.Integer(),
});
export type TokenPair = Static<typeof TokenPair>;

export const LoginResponse = Type.Object({
  access_token: Type.String(),
  refresh_token: Type.String(),
  token_type: Type.Literal('Bearer'),
  expires_in: Type.Integer(),
  user: User,
});
export type LoginResponse = Static<typeof LoginResponse>;

export const RefreshBody = Type.Object(
  { refresh_token: Type.Optional(Type.String({ minLength: 1, maxLength: 512 })) },
  { additionalProperties: false },
);
export type RefreshBody = Static<typeof RefreshBody>;

/** Pictures are shown in pages: only web addresses, never `javascript:` or `data:` URLs. */
const AvatarUrl = Type.String({
  format: 'uri',
  pattern: '^[Hh][Tt][Tt][Pp][Ss]?://',
  maxLength: 2048,
  description: 'An http or https URL',
});

export const UpdateMeBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
    avatar_url: Type.Optional(Type.Union([AvatarUrl, Type.Null()])),
  },
  { additionalProperties: false },
);
export type UpdateMeBody = Static<typeof UpdateMeBody>;

export const ChangePasswordBody = Type.Object(
  {
    current_password: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 256,
        description: 'Required when the account has a password; an account without one sets its first password',
      }),
    ),
    new_password: Password,
  },
  { additionalProperties: false },
);
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

export const LogoutBody = Type.Object(
  { refresh_token: Type.Optional(Type.String({ minLength: 1, maxLength: 512 })) },
  { additionalProperties: false },
);
export type LogoutBody = Static<typeof LogoutBody>;

export const ForgotPasswordBody = Type.Object({ email: Email }, { additionalProperties: false });
export type ForgotPasswordBody = Static<typeof ForgotPasswordBody>;

export const ResetPasswordBody = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 512 }), password: Password },
  { additionalProperties: false },
);
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

/** The avatar upload: one image part named `file`, up to 5 MB. */
export const AvatarForm = Type.Object(
  {
    file: Type.String({
      format: 'binary',
      description: 'A PNG, JPEG, WebP or GIF image (type read from its content), at most 5 MB',
    }),
  },
  { additionalProperties: false },
);
