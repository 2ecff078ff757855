import { type Insertable, type RawBuilder, sql } from 'kysely';
import { Repository } from '../../db/repository.js';
import type { AnalyticsHourlyRow, AnalyticsHourlyTable } from '../../db/schema.js';

/** One column per latency bucket, in the order of the histogram (see LATENCY_BOUNDS_MS). */
const LATENCY_COLUMNS = [
  'latency_le_1',
  'latency_le_2',
  'latency_le_5',
  'latency_le_10',
  'latency_le_20',
  'latency_le_50',
  'latency_le_100',
  'latency_le_200',
  'latency_le_500',
  'latency_le_1000',
  'latency_le_2000',
  'latency_le_5000',
  'latency_le_10000',
  'latency_le_inf',
] as const satisfies readonly (keyof AnalyticsHourlyTable)[];

type LatencyColumn = (typeof LATENCY_COLUMNS)[number];
const ADDED_COLUMNS = ['requests', 'bytes', 'latency_ms_sum', ...LATENCY_COLUMNS] as const;

/** Requests of one project, hour, collection and status code: counts to add, or what is stored. */
export interface Rollup {
  projectId: string;
  /** `2026-11-22T10` (see `hourOf`). */
  hour: string;
  /** The collection slug; '' when the request concerned none. */
  collection: string;
  statusCode: number;
  requests: number;
  bytes: number;
  latencySum: number;
  /** Counts per latency bucket (see lib/latency-histogram.ts). */
  histogram: number[];
}

// bigint columns come back as strings from PostgreSQL.
const toRollup = (row: AnalyticsHourlyRow): Rollup => ({
  projectId: row.project_id,
  hour: row.hour,
  collection: row.collection,
  statusCode: Number(row.status_code),
  requests: Number(row.requests),
  bytes: Number(row.bytes),
  latencySum: Number(row.latency_ms_sum),
  histogram: LATENCY_COLUMNS.map((column) => Number(row[column])),
});

const keyOf = (rollup: Rollup) => JSON.stringify([rollup.projectId, rollup.hour, rollup.collection, rollup.statusCode]);

function toRow(rollup: Rollup): Insertable<AnalyticsHourlyTable> {
  const buckets = {} as Record<LatencyColumn, number>;
  LATENCY_COLUMNS.forEach((column, index) => {
    buckets[column] = rollup.histogram[index] ?? 0;
  });
  return {
    project_id: rollup.projectId,
    hour: rollup.hour,
    collection: rollup.collection,
    status_code: rollup.statusCode,
    requests: rollup.requests,
    bytes: rollup.bytes,
    latency_ms_sum: Math.round(rollup.latencySum),
    ...buckets,
  };
}

// A multi-row statement stays well under both databases' limits on bound parameters.
const ROWS_PER_STATEMENT = 500;

/** All SQL of API analytics: the hourly rollups. */
export class AnalyticsRepository extends Repository {
  /**
   * Adds counts to their stored rows, creating the missing ones, all or nothing. The addition
   * happens in the database (INSERT … ON CONFLICT DO UPDATE SET n = n + excluded.n), so concurrent
   * writers never overwrite each other; rows go in key order, so two writers lock them in the
   * same order.
   */
  async add(rollups: readonly Rollup[]): Promise<void> {
    const rows = [...rollups].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : 1)).map(toRow);
    const sums = {} as Record<(typeof ADDED_COLUMNS)[number], RawBuilder<number>>;
    for (const column of ADDED_COLUMNS) {
      sums[column] = sql<number>`${sql.ref(`analytics_hourly.${column}`)} + ${sql.ref(`excluded.${column}`)}`;
    }
    await this.db.transaction().execute(async (trx) => {
      for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
        await trx
          .insertInto('analytics_hourly')
          .values(rows.slice(start, start + ROWS_PER_STATEMENT))
          .onConflict((oc) => oc.columns(['project_id', 'hour', 'collection', 'status_code']).doUpdateSet(sums))
          .execute();
      }
    });
  }

  /** The project's rollups from `fromHour` to `toHour`, both included. */
  async between(projectId: string, fromHour: string, toHour: string): Promise<Rollup[]> {
    const rows = await this.db
      .selectFrom('analytics_hourly')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('hour', '>=', fromHour)
      .where('hour', '<=', toHour)
      .execute();
    return rows.map(toRollup);
  }

  /** Deletes the rollups of every project older than `hour`. */
  async pruneBefore(hour: string): Promise<void> {
    await this.db.deleteFrom('analytics_hourly').where('hour', '<', hour).execute();
  }
}
