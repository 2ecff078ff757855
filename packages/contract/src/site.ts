import { type Static, Type } from 'typebox';
import { Email, Id, Timestamp } from './common.js';

export const SUPPORT_SUBJECTS = [
  'Technical Support',
  'Billing Question',
  'Feature Request',
  'Bug Report',
  'General Inquiry',
] as const;

/** Bots fill every input; people never see this one. A filled honeypot is dropped silently. */
const Honeypot = Type.Optional(Type.String({ maxLength: 1000 }));

export const ContactBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 120 }),
    email: Email,
    company: Type.Optional(Type.String({ maxLength: 200 })),
    message: Type.String({ minLength: 1, maxLength: 5000 }),
    website: Honeypot,
  },
  { additionalProperties: false },
);
export type ContactBody = Static<typeof ContactBody>;

export const SupportBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 120 }),
    email: Email,
    subject: Type.Enum(SUPPORT_SUBJECTS),
    message: Type.String({ minLength: 1, maxLength: 5000 }),
    website: Honeypot,
  },
  { additionalProperties: false },
);
export type SupportBody = Static<typeof SupportBody>;

export const SiteMessage = Type.Object({
  id: Id,
  kind: Type.Union([Type.Literal('contact'), Type.Literal('support')]),
  name: Type.String(),
  email: Type.String(),
  company: Type.Union([Type.String(), Type.Null()]),
  subject: Type.Union([Type.String(), Type.Null()]),
  message: Type.String(),
  created_at: Timestamp,
});
export type SiteMessage = Static<typeof SiteMessage>;

export const Received = Type.Object({ data: Type.Object({ id: Id, received: Type.Literal(true) }) });
export type Received = Static<typeof Received>;
