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

interface CommitHooks {
  before: ((trx: Trx) => Promise<void>)[];
  after: (() => void)[];
}

const hooks = new WeakMap<Trx, CommitHooks>();

/**
 * The transaction opener services get, over one database. Work may add hooks that run just
 * before the commit (in the transaction: the last statements, so what they lock is held
 * briefly) and once it has committed.
 */
export const transactor =
  (db: Kysely<Database>): Transact =>
  async (work) => {
    let registered: CommitHooks | undefined;
    const result = await db.transaction().execute(async (trx) => {
      registered = { before: [], after: [] };
      hooks.set(trx, registered);
      const value = await work(trx);
      for (const hook of registered.before) await hook(trx);
      return value;
    });
    for (const hook of registered?.after ?? []) hook();
    return result;
  };

/**
 * Runs `hook` at the end of `trx`, once its work is done, before it commits; and `committed`
 * after it committed. Only transactions opened by `transactor` have hooks: anything else is a
 * programming error, thrown at once rather than losing what the hook would do.
 * @example onCommit(trx, { before: (trx) => log.flush(trx), after: () => hub.wake(projectId) });
 */
export function onCommit(trx: Trx, hook: { before?: (trx: Trx) => Promise<void>; after?: () => void }): void {
  const registered = hooks.get(trx);
  if (!registered) throw new Error('onCommit needs a transaction opened by transactor()');
  if (hook.before) registered.before.push(hook.before);
  if (hook.after) registered.after.push(hook.after);
}

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
