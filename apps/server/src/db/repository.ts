import type { Kysely, Transaction } from 'kysely';
import type { Dialect } from './database.js';
import type { Database } from './schema.js';

/** Where SQL runs: the database itself, or one transaction in it (a Transaction is a Kysely). */
export type Executor = Kysely<Database>;

/** A transaction a service opened; repositories join it through `in(trx)`. */
export type Trx = Transaction<Database>;

/**
 * Runs `work` in one transaction: everything it writes commits, or none of it does.
 * @example await transaction(async (trx) => { await tokens.in(trx).insert(row); await audit.record(trx, actor, entry); });
 */
export type Transact = <T>(work: (trx: Trx) => Promise<T>) => Promise<T>;

/** The transaction opener services get, over one database. */
export const transactor =
  (db: Kysely<Database>): Transact =>
  (work) =>
    db.transaction().execute(work);

/**
 * The one convention for where a repository's SQL runs. A repository is built once, over the
 * database; `in(trx)` is the same repository working inside a transaction the caller opened,
 * so no method takes the executor as an argument and every query of a change can share it.
 * @example const locked = await projects.in(trx).lockLive(projectId);
 */
export abstract class Repository {
  /** The copies bound to open transactions (one per transaction, made on first use). */
  private readonly bound = new WeakMap<Trx, Repository>();

  constructor(
    protected readonly db: Executor,
    protected readonly dialect: Dialect,
  ) {}

  /** This repository inside `trx`: its queries run in that transaction. */
  in(trx: Trx): this {
    let copy = this.bound.get(trx);
    if (!copy) {
      copy = Object.assign(Object.create(Object.getPrototypeOf(this) as object) as Repository, this, { db: trx });
      this.bound.set(trx, copy);
    }
    return copy as this;
  }
}
