import { sql } from 'kysely';
import { listPage } from '../../db/list-page.js';
import { Repository } from '../../db/repository.js';
import type {
  NewStatusSampleRow,
  StatusIncidentRow,
  StatusIncidentUpdate,
  StatusIncidentUpdateRow,
  StatusSampleRow,
  StatusSubscriberRow,
} from '../../db/schema.js';
import type { Page } from '../../lib/pagination.js';

export interface DayCount {
  date: string;
  samples: number;
  okSamples: number;
}

/** All SQL of the status module: health samples, incidents with their timeline, subscribers. */
export class StatusRepository extends Repository {
  /** Whether the database answers (the health sample's probe and /readyz). */
  async ping(): Promise<void> {
    await sql`select 1`.execute(this.db);
  }

  async insertSamples(rows: NewStatusSampleRow[]): Promise<void> {
    if (rows.length > 0) await this.db.insertInto('status_samples').values(rows).execute();
  }

  async pruneSamples(before: string): Promise<void> {
    await this.db.deleteFrom('status_samples').where('taken_at', '<', before).execute();
  }

  latestSample(): Promise<StatusSampleRow | undefined> {
    return this.db.selectFrom('status_samples').selectAll().orderBy('taken_at', 'desc').limit(1).executeTakeFirst();
  }

  /** Samples and healthy samples per UTC day since `from` (ISO strings sort by time). */
  async samplesPerDay(from: string): Promise<DayCount[]> {
    const day = sql<string>`substr(taken_at, 1, 10)`;
    const rows = await this.db
      .selectFrom('status_samples')
      .select([
        day.as('date'),
        (eb) => eb.fn.countAll<number>().as('samples'),
        (eb) => eb.fn.sum<number>('ok').as('ok'),
      ])
      .where('taken_at', '>=', from)
      .groupBy(day)
      .orderBy(day)
      .execute();
    return rows.map((row) => ({ date: row.date, samples: Number(row.samples), okSamples: Number(row.ok ?? 0) }));
  }

  findIncident(id: string): Promise<StatusIncidentRow | undefined> {
    return this.db.selectFrom('status_incidents').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async listIncidents(options: {
    status?: StatusIncidentRow['status'] | undefined;
    page: Page;
  }): Promise<{ rows: StatusIncidentRow[]; total: number }> {
    let query = this.db.selectFrom('status_incidents');
    if (options.status) query = query.where('status', '=', options.status);
    return listPage(query.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'), options.page);
  }

  /** Open incidents, and closed ones updated since `since`; newest first. */
  recentIncidents(since: string, limit: number): Promise<StatusIncidentRow[]> {
    return this.db
      .selectFrom('status_incidents')
      .selectAll()
      .where((eb) => eb.or([eb('status', '!=', 'resolved'), eb('updated_at', '>=', since)]))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  lastIncident(): Promise<StatusIncidentRow | undefined> {
    return this.db
      .selectFrom('status_incidents')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  openIncidents(): Promise<Pick<StatusIncidentRow, 'status' | 'impact'>[]> {
    return this.db
      .selectFrom('status_incidents')
      .select(['status', 'impact'])
      .where('status', '!=', 'resolved')
      .execute();
  }

  async updatesOf(incidentIds: string[]): Promise<StatusIncidentUpdateRow[]> {
    if (incidentIds.length === 0) return [];
    return this.db
      .selectFrom('status_incident_updates')
      .selectAll()
      .where('incident_id', 'in', incidentIds)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  async insertIncident(row: StatusIncidentRow): Promise<void> {
    await this.db.insertInto('status_incidents').values(row).execute();
  }

  async updateIncident(id: string, changes: StatusIncidentUpdate): Promise<void> {
    await this.db.updateTable('status_incidents').set(changes).where('id', '=', id).execute();
  }

  async insertUpdate(row: StatusIncidentUpdateRow): Promise<void> {
    await this.db.insertInto('status_incident_updates').values(row).execute();
  }

  async deleteIncident(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('status_incidents').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  findSubscriberByEmail(email: string): Promise<StatusSubscriberRow | undefined> {
    return this.db.selectFrom('status_subscribers').selectAll().where('email', '=', email).executeTakeFirst();
  }

  findSubscriber(id: string): Promise<StatusSubscriberRow | undefined> {
    return this.db.selectFrom('status_subscribers').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Inserts unless the email is there already; returns the stored row either way. */
  async upsertSubscriber(row: StatusSubscriberRow): Promise<StatusSubscriberRow> {
    await this.db
      .insertInto('status_subscribers')
      .values(row)
      .onConflict((oc) => oc.column('email').doNothing())
      .execute();
    const stored = await this.findSubscriberByEmail(row.email);
    if (!stored) throw new Error('Subscriber vanished after insert');
    return stored;
  }

  /** Replaces a subscriber by a new one (a new id voids the old links); pass a transaction. */
  async replaceSubscriber(oldId: string, row: StatusSubscriberRow): Promise<void> {
    await this.db.deleteFrom('status_subscribers').where('id', '=', oldId).execute();
    await this.db.insertInto('status_subscribers').values(row).execute();
  }

  async confirmSubscriber(id: string, at: string): Promise<void> {
    await this.db
      .updateTable('status_subscribers')
      .set({ confirmed_at: at })
      .where('id', '=', id)
      .where('confirmed_at', 'is', null)
      .execute();
  }

  async deleteSubscriber(id: string): Promise<void> {
    await this.db.deleteFrom('status_subscribers').where('id', '=', id).execute();
  }

  confirmedSubscribers(): Promise<StatusSubscriberRow[]> {
    return this.db
      .selectFrom('status_subscribers')
      .selectAll()
      .where('confirmed_at', 'is not', null)
      .orderBy('id')
      .execute();
  }
}
