import type { User } from '@plinth/contract';
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

/** Emails are compared case-insensitively and stored in this form. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
