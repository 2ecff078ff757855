import type { CurrentUser, User } from '@plinth/contract';
import { toBool } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';

export const toUser = (row: UserRow): User => ({
  id: row.id,
  email: row.email,
  name: row.name,
  avatar_url: row.avatar_url,
  is_admin: toBool(row.is_admin),
  created_at: row.created_at,
});

/** The signed-in user, with what the profile screen needs besides (whether a password is set). */
export const toCurrentUser = (row: UserRow): CurrentUser => ({
  ...toUser(row),
  has_password: row.password_hash !== null,
});

/** Emails are compared case-insensitively and stored in this form. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
