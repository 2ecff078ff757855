import type { PlanId, Project, Role } from '@plinth/contract';
import { parseJson } from '../../db/database.js';
import type { ProjectRow } from '../../db/schema.js';

/** A project as services use it, independent of who is asking. */
export interface ProjectRecord {
  id: string;
  name: string;
  slug: string;
  plan: PlanId;
  locales: string[];
  defaultLocale: string;
  createdAt: string;
}

export const toProjectRecord = (row: ProjectRow): ProjectRecord => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  plan: row.plan,
  locales: parseJson<string[]>(row.locales),
  defaultLocale: row.default_locale,
  createdAt: row.created_at,
});

export const toProject = (project: ProjectRecord, role: Role | null): Project => ({
  id: project.id,
  name: project.name,
  slug: project.slug,
  plan: project.plan,
  locales: project.locales,
  default_locale: project.defaultLocale,
  role,
  created_at: project.createdAt,
});
