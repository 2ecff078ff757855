import path from 'node:path';

export type RegistrationMode = 'open' | 'approval' | 'closed';

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly publicUrl: string;
  readonly dataDir: string;
  /** `postgres://…`, or null for SQLite in the data dir. */
  readonly databaseUrl: string | null;
  readonly smtpUrl: string | null;
  readonly mailFrom: string;
  readonly inboxEmail: string | null;
  readonly registration: RegistrationMode;
  readonly adminEmail: string | null;
  readonly adminPassword: string | null;
  readonly seedDemo: boolean;
  /** HS256 key for access tokens; null means "generate once and keep it in the database". */
  readonly jwtSecret: string | null;
  readonly logLevel: string;
  readonly bodyLimitBytes: number;
  readonly trustProxy: boolean;
  /** Shares cache invalidations between instances when set. */
  readonly redisUrl: string | null;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === '' ? undefined : value;
}

function fail(name: string, expected: string, value: string): never {
  // JSON quoting escapes line breaks, so the message stays the one line operators see.
  throw new ConfigError(`Invalid configuration: ${name} must be ${expected} (got ${JSON.stringify(value)})`);
}

/** A URL as it may be printed: any `user:password@` part is masked. */
const withoutCredentials = (raw: string): string => raw.replace(/\/\/[^/?#]*@/, '//***@');

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    fail(name, `an integer from ${min} to ${max}`, raw);
  }
  return value;
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  return fail(name, 'true or false', raw);
}

function url(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = read(env, name);
  if (raw === undefined) return undefined;
  try {
    const parsed = new URL(raw);
    if (!protocols.includes(parsed.protocol)) throw new Error('protocol');
  } catch {
    fail(name, `a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`, withoutCredentials(raw));
  }
  return raw;
}

function oneOf<T extends string>(env: Env, name: string, choices: readonly T[], fallback: T): T {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (!(choices as readonly string[]).includes(raw)) fail(name, `one of ${choices.join(', ')}`, raw);
  return raw as T;
}

function email(env: Env, name: string): string | undefined {
  const raw = read(env, name);
  if (raw !== undefined && !/^[^\s@]+@[^\s@]+$/.test(raw)) fail(name, 'an email address', raw);
  return raw;
}

/**
 * Reads the process environment once into a frozen, typed object.
 * Throws a ConfigError whose message is one line naming the bad variable.
 * @example const config = loadConfig(process.env);
 */
export function loadConfig(env: Env): Config {
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const publicUrl = (url(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const dataDir = path.resolve(read(env, 'PLINTH_DATA_DIR') ?? './data');
  const adminEmail = email(env, 'PLINTH_ADMIN_EMAIL') ?? null;
  const adminPassword = read(env, 'PLINTH_ADMIN_PASSWORD') ?? null;
  if (adminEmail && (!adminPassword || adminPassword.length < 8)) {
    fail('PLINTH_ADMIN_PASSWORD', 'at least 8 characters when PLINTH_ADMIN_EMAIL is set', adminPassword ? '***' : '');
  }
  const jwtSecret = read(env, 'PLINTH_JWT_SECRET') ?? null;
  if (jwtSecret !== null && jwtSecret.length < 32) fail('PLINTH_JWT_SECRET', 'at least 32 characters', '***');
  return Object.freeze({
    port,
    host: read(env, 'HOST') ?? '0.0.0.0',
    publicUrl,
    dataDir,
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']) ?? null,
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']) ?? null,
    mailFrom: email(env, 'PLINTH_MAIL_FROM') ?? 'plinth@localhost',
    inboxEmail: email(env, 'PLINTH_INBOX_EMAIL') ?? null,
    registration: oneOf(env, 'PLINTH_REGISTRATION', ['open', 'approval', 'closed'] as const, 'open'),
    adminEmail,
    adminPassword,
    seedDemo: boolean(env, 'PLINTH_SEED_DEMO', true),
    jwtSecret,
    logLevel: oneOf(env, 'LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, 'info'),
    bodyLimitBytes: integer(env, 'PLINTH_BODY_LIMIT_BYTES', 1024 * 1024, 1024, 1024 * 1024 * 1024),
    trustProxy: boolean(env, 'PLINTH_TRUST_PROXY', false),
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:']) ?? null,
  });
}
