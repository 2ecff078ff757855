import { createRequire } from 'node:module';

/**
 * A value made on first use and kept. Heavy modules (sharp, stripe, nodemailer, pg, ioredis) load
 * this way, so a server that never needs one neither waits for it at start nor holds its memory.
 * @example const loadSharp = lazy(() => import('sharp'));
 */
export function lazy<T>(make: () => T): Lazy<T> {
  let made: { value: T } | null = null;
  const get = () => {
    made ??= { value: make() };
    return made.value;
  };
  return Object.assign(get, { peek: () => made?.value });
}

export interface Lazy<T> {
  (): T;
  /** The value if it has been made, without making it (to close only what was opened). */
  peek(): T | undefined;
}

/**
 * `require` for CommonJS packages that synchronous code needs only on some paths (the pg driver
 * when the database is PostgreSQL, the Stripe client when billing is configured).
 */
export const requireOnDemand = createRequire(import.meta.url);
