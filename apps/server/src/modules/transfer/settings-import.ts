import fs from 'node:fs';
import {
  type AudienceRule,
  CreateAudienceBody,
  CreateWebhookBody,
  type ImportMode,
  type ImportReport,
  type WebhookEventFilter,
} from '@plinth/contract';
import { Check } from 'typebox/value';
import { parseJson } from '../../db/database.js';
import type { Trx } from '../../db/repository.js';
import type { AudienceRow, WebhookRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { checkRules } from '../personalization/audience-rules.js';
import { toWebhook } from '../webhooks/webhook.mapper.js';
import { newWebhookSecret } from '../webhooks/webhooks.service.js';
import type { ReadArchive } from './archive-reader.js';
import { ARCHIVE_ID, canonical, isObject, isTimestamp, type ReportProblem } from './archive-values.js';

const AUDIENCES = 'audiences.json';
const WEBHOOKS = 'webhooks.json';
const AUDIENCE_FIELDS = ['key', 'name', 'priority', 'match', 'rules'] as const;
const WEBHOOK_FIELDS = ['url', 'events', 'collections', 'active', 'description'] as const;

/** What an import writes of the project's audiences and webhooks; the owning modules provide it. */
export interface SettingsTargets {
  /** The project's audiences. */
  audiences(trx: Trx, projectId: string): Promise<AudienceRow[]>;
  /** Inserts an audience; false when the project has one with its key already. */
  insertAudience(trx: Trx, row: AudienceRow): Promise<boolean>;
  updateAudience(
    trx: Trx,
    id: string,
    changes: Pick<AudienceRow, 'name' | 'priority' | 'match' | 'rules' | 'updated_at'>,
  ): Promise<void>;
  /** Deletes an audience with its documents' variants. */
  deleteAudience(trx: Trx, id: string): Promise<void>;
  /** Webhooks among `ids` in any project of the instance. */
  webhooks(trx: Trx, ids: readonly string[]): Promise<WebhookRow[]>;
  /** Every webhook of the project. */
  projectWebhooks(trx: Trx, projectId: string): Promise<WebhookRow[]>;
  insertWebhook(trx: Trx, row: WebhookRow): Promise<void>;
  updateWebhook(trx: Trx, projectId: string, id: string, changes: WebhookChanges): Promise<void>;
  /** Deletes a webhook with its deliveries. */
  deleteWebhook(trx: Trx, projectId: string, id: string): Promise<void>;
  /** The URL as `POST /webhooks` stores it; an AppError when that check refuses it (private address…). */
  checkWebhookUrl(url: string): Promise<string>;
}

type WebhookChanges = Partial<
  Pick<
    WebhookRow,
    'url' | 'events' | 'collections' | 'active' | 'description' | 'failed_deliveries' | 'disabled_reason' | 'updated_at'
  >
>;

interface ArchiveAudience {
  key: string;
  name: string;
  priority: number | undefined;
  match: 'all' | 'any' | undefined;
  rules: AudienceRule[];
  createdAt: string | null;
  updatedAt: string | null;
}

interface ArchiveWebhook {
  id: string;
  /** As the SSRF check normalised it. */
  url: string;
  events: WebhookEventFilter[];
  collections: string[] | null;
  active: boolean;
  description: string;
  disabledReason: string | null;
  createdAt: string | null;
  updatedAt: string | null;
}

/** The audiences and webhooks of an archive, checked. */
export interface ArchiveSettings {
  audiences: ArchiveAudience[];
  webhooks: ArchiveWebhook[];
}

/** The audience fields `POST /audiences` takes, as far as `value` has them. */
const pick = (value: Record<string, unknown>, fields: readonly string[]) =>
  Object.fromEntries(fields.filter((field) => value[field] !== undefined).map((field) => [field, value[field]]));

/** The array a settings file holds; an archive without the file (older exports) has none. */
async function readList(archive: ReadArchive, name: string, report: ImportReport, problem: ReportProblem) {
  const file = archive.files.get(name);
  if (!file) return [];
  let value: unknown;
  try {
    value = JSON.parse(await fs.promises.readFile(file, 'utf8'));
  } catch {
    problem(report.errors, name, 'is not JSON');
    return [];
  }
  if (Array.isArray(value)) return value as unknown[];
  problem(report.errors, name, 'is not a list');
  return [];
}

/**
 * Reads and checks the archive's audiences and webhooks before the import's transaction opens
 * (webhook URLs pass the SSRF check of `POST /webhooks`, which resolves host names). Whatever is
 * wrong is an error in the report, so the import fails whole.
 */
export async function readSettings(input: {
  archive: ReadArchive;
  /** Collection slugs of the project's model grown by the archive's. */
  collections: ReadonlySet<string>;
  targets: Pick<SettingsTargets, 'checkWebhookUrl'>;
  report: ImportReport;
  problem: ReportProblem;
}): Promise<ArchiveSettings> {
  const { archive, collections, targets, report, problem } = input;
  const audiences: ArchiveAudience[] = [];
  for (const [index, value] of (await readList(archive, AUDIENCES, report, problem)).entries()) {
    const body = isObject(value) ? pick(value, AUDIENCE_FIELDS) : undefined;
    if (!Check(CreateAudienceBody, body)) {
      problem(report.errors, AUDIENCES, `audience ${index + 1} is not an audience with a valid key, name and rules`);
      continue;
    }
    if (audiences.some((audience) => audience.key === body.key)) {
      problem(report.errors, AUDIENCES, `audience ${body.key} appears twice`);
      continue;
    }
    try {
      checkRules(body.rules ?? []);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      problem(report.errors, AUDIENCES, `audience ${body.key}: ${error.message}`);
      continue;
    }
    audiences.push({
      key: body.key,
      name: body.name,
      priority: body.priority,
      match: body.match,
      rules: body.rules ?? [],
      createdAt: isObject(value) && isTimestamp(value.created_at) ? value.created_at : null,
      updatedAt: isObject(value) && isTimestamp(value.updated_at) ? value.updated_at : null,
    });
  }

  const webhooks: ArchiveWebhook[] = [];
  for (const [index, value] of (await readList(archive, WEBHOOKS, report, problem)).entries()) {
    const body = isObject(value) ? pick(value, WEBHOOK_FIELDS) : undefined;
    const id = isObject(value) ? value.id : undefined;
    if (typeof id !== 'string' || !ARCHIVE_ID.test(id) || !Check(CreateWebhookBody, body)) {
      problem(report.errors, WEBHOOKS, `webhook ${index + 1} is not a webhook with a valid id, url and events`);
      continue;
    }
    if (webhooks.some((webhook) => webhook.id === id)) {
      problem(report.errors, WEBHOOKS, `webhook ${id} appears twice`);
      continue;
    }
    const unknown = body.collections?.find((slug) => !collections.has(slug));
    if (unknown !== undefined) {
      problem(
        report.errors,
        WEBHOOKS,
        `webhook ${id} names "${unknown}", a collection of neither the archive nor the project`,
      );
      continue;
    }
    let url: string;
    try {
      url = await targets.checkWebhookUrl(body.url);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const [detail] = error.details ?? [];
      problem(report.errors, WEBHOOKS, `webhook ${id} ${detail ? `${detail.path} ${detail.message}` : error.message}`);
      continue;
    }
    const active = body.active !== false;
    const reason = isObject(value) ? value.disabled_reason : undefined;
    webhooks.push({
      id,
      url,
      events: body.events,
      collections: body.collections ?? null,
      active,
      description: body.description?.trim() ?? '',
      // Why the source turned it off still explains an inactive webhook.
      disabledReason: !active && typeof reason === 'string' ? reason.slice(0, 500) : null,
      createdAt: isObject(value) && isTimestamp(value.created_at) ? value.created_at : null,
      updatedAt: isObject(value) && isTimestamp(value.updated_at) ? value.updated_at : null,
    });
  }
  return { audiences, webhooks };
}

/** Where an audience sits when the archive gives no priority (as for `POST /audiences`). */
const DEFAULT_PRIORITY = 100;

const sameAudience = (stored: AudienceRow, audience: ArchiveAudience): boolean =>
  canonical([stored.name, Number(stored.priority), stored.match, parseJson<unknown>(stored.rules)]) ===
  canonical([audience.name, audience.priority ?? DEFAULT_PRIORITY, audience.match ?? 'all', audience.rules]);

/** What makes two webhooks the same receiver: a `copy` matches an existing one by it. */
const receiver = (webhook: { url: string; events: readonly string[]; collections: readonly string[] | null }) =>
  canonical([webhook.url, [...webhook.events].sort(), webhook.collections ? [...webhook.collections].sort() : null]);

const sameWebhook = (stored: WebhookRow, webhook: ArchiveWebhook): boolean => {
  const current = toWebhook(stored);
  return (
    receiver(current) === receiver(webhook) &&
    current.active === webhook.active &&
    current.description === webhook.description
  );
};

/**
 * Writes the archive's audiences and webhooks in the import's transaction, under the mode's
 * rules: `merge` creates and updates (audiences by key, webhooks by id), `replace` also removes
 * those the archive lacks, `copy` creates what the project lacks and leaves the rest (webhooks
 * get new ids and match existing ones by URL, events and collections). Removals count as updates.
 */
export async function writeSettings(
  trx: Trx,
  input: {
    projectId: string;
    mode: ImportMode;
    settings: ArchiveSettings;
    targets: SettingsTargets;
    report: ImportReport;
    problem: ReportProblem;
    now: string;
  },
): Promise<void> {
  await writeAudiences(trx, input);
  await writeWebhooks(trx, input);
}

async function writeAudiences(trx: Trx, input: Parameters<typeof writeSettings>[1]): Promise<void> {
  const { projectId, mode, settings, targets, report, now } = input;
  const stored = new Map((await targets.audiences(trx, projectId)).map((row) => [row.key, row]));
  for (const audience of settings.audiences) {
    const existing = stored.get(audience.key);
    if (existing && (mode === 'copy' || sameAudience(existing, audience))) {
      report.unchanged++;
    } else if (existing) {
      await targets.updateAudience(trx, existing.id, {
        name: audience.name,
        priority: audience.priority ?? DEFAULT_PRIORITY,
        match: audience.match ?? 'all',
        rules: audience.rules,
        updated_at: audience.updatedAt ?? now,
      });
      report.updated++;
    } else {
      const inserted = await targets.insertAudience(trx, {
        id: newId(),
        project_id: projectId,
        key: audience.key,
        name: audience.name,
        priority: audience.priority ?? DEFAULT_PRIORITY,
        match: audience.match ?? 'all',
        rules: audience.rules,
        created_at: audience.createdAt ?? now,
        updated_at: audience.updatedAt ?? now,
      });
      if (!inserted) throw new Error(`Audience ${audience.key} was created while it was imported`);
      report.created++;
    }
  }
  if (mode !== 'replace') return;
  const keys = new Set(settings.audiences.map((audience) => audience.key));
  for (const row of stored.values()) {
    if (keys.has(row.key)) continue;
    await targets.deleteAudience(trx, row.id);
    report.updated++;
  }
}

async function writeWebhooks(trx: Trx, input: Parameters<typeof writeSettings>[1]): Promise<void> {
  const { projectId, mode, settings, targets, report, problem, now } = input;
  const project = await targets.projectWebhooks(trx, projectId);
  const elsewhere =
    mode === 'copy'
      ? new Map<string, WebhookRow>()
      : new Map(
          (
            await targets.webhooks(
              trx,
              settings.webhooks.map((webhook) => webhook.id),
            )
          ).map((row) => [row.id, row]),
        );
  const receivers = new Set(project.map((row) => receiver(toWebhook(row))));
  for (const webhook of settings.webhooks) {
    const stored = elsewhere.get(webhook.id);
    if (mode === 'copy' && receivers.has(receiver(webhook))) {
      report.unchanged++;
      continue;
    }
    if (stored && stored.project_id !== projectId) {
      problem(report.conflicts, WEBHOOKS, `webhook ${webhook.id} belongs to another project`);
      continue;
    }
    if (stored && sameWebhook(stored, webhook)) {
      report.unchanged++;
      continue;
    }
    const fields = {
      url: webhook.url,
      events: JSON.stringify(webhook.events),
      collections: webhook.collections ? JSON.stringify(webhook.collections) : null,
      active: webhook.active ? 1 : 0,
      description: webhook.description,
    };
    if (stored) {
      await targets.updateWebhook(trx, projectId, stored.id, {
        ...fields,
        // Turned on again: a fresh count of failures, as `PATCH /webhooks/:id` does.
        ...(webhook.active && stored.active !== 1 ? { failed_deliveries: 0, disabled_reason: null } : {}),
        updated_at: webhook.updatedAt ?? now,
      });
      report.updated++;
      continue;
    }
    // The archive holds no secret: a new one, which the owner reads in the app or rotates.
    await targets.insertWebhook(trx, {
      ...fields,
      id: mode === 'copy' ? newId() : webhook.id,
      project_id: projectId,
      secret: newWebhookSecret(),
      sequence: 0,
      failed_deliveries: 0,
      disabled_reason: webhook.disabledReason,
      created_by: null,
      created_at: webhook.createdAt ?? now,
      updated_at: webhook.updatedAt ?? now,
    });
    receivers.add(receiver(webhook));
    report.created++;
  }
  if (mode !== 'replace') return;
  const ids = new Set(settings.webhooks.map((webhook) => webhook.id));
  for (const row of project) {
    if (ids.has(row.id)) continue;
    await targets.deleteWebhook(trx, projectId, row.id);
    report.updated++;
  }
}
