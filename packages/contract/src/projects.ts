import { type Static, Type } from 'typebox';
import { Email, Id, Timestamp } from './common.js';

export const ROLES = ['owner', 'admin', 'editor', 'author', 'viewer'] as const;
export const Role = Type.Enum(ROLES);
export type Role = (typeof ROLES)[number];

export const PLANS = ['starter', 'pro', 'enterprise'] as const;
export const PlanId = Type.Enum(PLANS);
export type PlanId = (typeof PLANS)[number];

/** BCP 47 language tag such as `en`, `es`, `zh-Hans` or `pt-BR`. */
export const Locale = Type.String({
  pattern: '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$',
  maxLength: 35,
});

export const ProjectSlug = Type.String({ pattern: '^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$' });

export const Project = Type.Object({
  id: Id,
  name: Type.String(),
  slug: Type.String(),
  plan: PlanId,
  locales: Type.Array(Type.String()),
  default_locale: Type.String(),
  /** The caller's role; null when the caller is an API token. */
  role: Type.Union([Role, Type.Null()]),
  created_at: Timestamp,
});
export type Project = Static<typeof Project>;

export const CreateProjectBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 120 }),
    slug: Type.Optional(ProjectSlug),
    locales: Type.Optional(Type.Array(Locale, { minItems: 1, maxItems: 50, uniqueItems: true })),
    default_locale: Type.Optional(Locale),
  },
  { additionalProperties: false },
);
export type CreateProjectBody = Static<typeof CreateProjectBody>;

export const UpdateProjectBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
    locales: Type.Optional(Type.Array(Locale, { minItems: 1, maxItems: 50, uniqueItems: true })),
    default_locale: Type.Optional(Locale),
  },
  { additionalProperties: false },
);
export type UpdateProjectBody = Static<typeof UpdateProjectBody>;

export const ProjectParams = Type.Object({ projectId: Id });
export type ProjectParams = Static<typeof ProjectParams>;

export const Member = Type.Object({
  user_id: Id,
  email: Type.String(),
  name: Type.String(),
  role: Role,
  status: Type.Union([Type.Literal('active'), Type.Literal('invited')]),
  created_at: Timestamp,
});
export type Member = Static<typeof Member>;

export const AddMemberBody = Type.Object({ email: Email, role: Role }, { additionalProperties: false });
export type AddMemberBody = Static<typeof AddMemberBody>;

export const UpdateMemberBody = Type.Object({ role: Role }, { additionalProperties: false });
export type UpdateMemberBody = Static<typeof UpdateMemberBody>;

export const MemberParams = Type.Object({ projectId: Id, userId: Id });
export type MemberParams = Static<typeof MemberParams>;

/** The secret of an invitation link (`/register?invitation=…`); only its hash is stored. */
export const InvitationToken = Type.String({ minLength: 16, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' });

export const InvitationParams = Type.Object({ token: InvitationToken });
export type InvitationParams = Static<typeof InvitationParams>;

/**
 * What an invitation link shows before it is used: which project, which role, for which email,
 * and whether that email already has an account (then: sign in and accept; else: register).
 */
export const Invitation = Type.Object({
  project: Type.Object({ id: Id, name: Type.String() }),
  email: Type.String(),
  role: Role,
  invited_by: Type.Union([Type.String(), Type.Null()], { description: "The inviter's name" }),
  has_account: Type.Boolean(),
  expires_at: Timestamp,
});
export type Invitation = Static<typeof Invitation>;
