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
  /** Where media files live: a folder (PLINTH_DATA_DIR/media) or an S3-compatible bucket. */
  readonly storage: StorageConfig;
  /** The largest file one upload may carry (413 beyond). */
  readonly maxUploadBytes: number;
  /** Shares cache invalidations between instances when set. */
  readonly redisUrl: string | null;
  /** Hosts (names or IP literals, `*.suffix` for subdomains) exempt from the webhook private-address refusal. */
  readonly webhookAllowedHosts: readonly string[];
  /** How long a worker holds a job before another takes it for lost; renewed while the job runs. */
  readonly jobLeaseMs: number;
  /**
   * How often each instance reads the event log for events that no notification announced
   * (processes sharing a SQLite file without Redis; a lost PostgreSQL notification).
   */
  readonly eventsPollMs: number;
  /** Days that done and cancelled jobs are kept (for inspection) before the worker deletes them. */
  readonly jobRetentionDays: number;
  /** How plan changes are paid for (PLINTH_BILLING_PROVIDER and STRIPE_*). */
  readonly billing: BillingConfig;
  /** Bearer token that GET /metrics requires; null leaves /metrics open. */
  readonly metricsToken: string | null;
  /** How often the status page's health sample is taken. */
  readonly statusSampleIntervalMs: number;
  /** Social and single sign-on providers (GITHUB_*, GOOGLE_*, OIDC_*). */
  readonly oauth: OAuthConfig;
  /** The OpenAI-compatible model of the AI assistant (PLINTH_AI_*); null when none is configured. */
  readonly ai: AiConfig | null;
}

export interface AiConfig {
  /** The chat-completions API's base URL, without trailing slashes (`http://localhost:11434/v1`). */
  readonly baseUrl: string;
  /** Null for local servers that need none. */
  readonly apiKey: string | null;
  readonly model: string;
  /** What one model request may take, retries included. */
  readonly timeoutMs: number;
  /** The most characters one model request holds (PLINTH_AI_MAX_REQUEST_CHARS): a longer document is translated in several. */
  readonly maxRequestChars: number;
}

export interface OAuthClientConfig {
  readonly clientId: string;
  readonly clientSecret: string;
}

export interface OAuthConfig {
  /** `baseUrl` serves the sign-in pages, `apiUrl` the REST API (GitHub Enterprise, or a fake in tests). */
  readonly github: (OAuthClientConfig & { readonly baseUrl: string; readonly apiUrl: string }) | null;
  /** Google is an OpenID Connect issuer; another issuer URL points it at a fake in tests. */
  readonly google: (OAuthClientConfig & { readonly issuer: string }) | null;
  /** Any OpenID Connect provider, found through `<issuer>/.well-known/openid-configuration`. */
  readonly oidc: (OAuthClientConfig & { readonly issuer: string; readonly name: string }) | null;
  /** Hosts (names or IP literals, `*.suffix` for subdomains) exempt from the private-address refusal. */
  readonly allowedHosts: readonly string[];
}

export type BillingConfig =
  | { readonly provider: 'manual' }
  | {
      readonly provider: 'stripe';
      readonly secretKey: string;
      readonly webhookSecret: string;
      /** The Stripe price of the Pro plan (`price_…`). */
      readonly priceIdPro: string;
      /** Another API address (a proxy, or a fake in tests); null for api.stripe.com. */
      readonly apiBase: string | null;
    };

export type StorageConfig =
  | { readonly kind: 'local'; readonly dir: string }
  | {
      readonly kind: 's3';
      readonly bucket: string;
      readonly region: string;
      /** Custom endpoint for S3-compatible stores (MinIO, R2, …); null for AWS itself. */
      readonly endpoint: string | null;
      /** Null for both means the AWS SDK's default credential chain. */
      readonly accessKeyId: string | null;
      readonly secretAccessKey: string | null;
      readonly forcePathStyle: boolean;
    };

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

// A hostname (`*.` in front for its subdomains), an IPv4 literal, or an IPv6 literal.
const ALLOWED_HOST =
  /^(\*\.)?[a-z0-9_]([a-z0-9_-]*[a-z0-9])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9])?)*$|^[0-9a-f:.]*:[0-9a-f:.]*$/;

function hostList(env: Env, name: string): string[] {
  const raw = read(env, name);
  if (raw === undefined) return [];
  const hosts = raw.split(',').map((host) =>
    host
      .trim()
      .toLowerCase()
      .replace(/^\[(.*)\]$/, '$1'),
  );
  const bad = hosts.find((host) => !ALLOWED_HOST.test(host));
  if (bad !== undefined) fail(name, 'a comma-separated list of host names or IP addresses', raw);
  return hosts;
}

/** PLINTH_STORAGE and the S3_* variables; S3_* are only read (and required) for `s3`. */
function storage(env: Env, dataDir: string): StorageConfig {
  const kind = oneOf(env, 'PLINTH_STORAGE', ['local', 's3'] as const, 'local');
  if (kind === 'local') return Object.freeze({ kind, dir: path.join(dataDir, 'media') });
  const bucket = read(env, 'S3_BUCKET');
  if (bucket === undefined) fail('S3_BUCKET', 'set when PLINTH_STORAGE is s3', '');
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) fail('S3_BUCKET', 'a valid bucket name', bucket);
  const region = read(env, 'S3_REGION') ?? 'us-east-1';
  if (!/^[a-z0-9-]{1,40}$/.test(region)) fail('S3_REGION', 'a region name such as us-east-1', region);
  const accessKeyId = read(env, 'S3_ACCESS_KEY_ID') ?? null;
  const secretAccessKey = read(env, 'S3_SECRET_ACCESS_KEY') ?? null;
  if (accessKeyId === null && secretAccessKey !== null) {
    fail('S3_ACCESS_KEY_ID', 'set when S3_SECRET_ACCESS_KEY is set', '');
  }
  if (accessKeyId !== null && secretAccessKey === null) {
    fail('S3_SECRET_ACCESS_KEY', 'set when S3_ACCESS_KEY_ID is set', '');
  }
  return Object.freeze({
    kind,
    bucket,
    region,
    endpoint: url(env, 'S3_ENDPOINT', ['http:', 'https:'])?.replace(/\/+$/, '') ?? null,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: boolean(env, 'S3_FORCE_PATH_STYLE', false),
  });
}

/** PLINTH_BILLING_PROVIDER and the STRIPE_* variables; STRIPE_* are only read (and required) for `stripe`. */
function billing(env: Env): BillingConfig {
  const provider = oneOf(env, 'PLINTH_BILLING_PROVIDER', ['manual', 'stripe'] as const, 'manual');
  if (provider === 'manual') return Object.freeze({ provider });
  // Secrets are never echoed back, not even in part.
  const required = (name: string, prefixes: string[]): string => {
    const value = read(env, name);
    if (value === undefined) fail(name, 'set when PLINTH_BILLING_PROVIDER is stripe', '');
    if (!prefixes.some((prefix) => value.startsWith(prefix))) {
      fail(name, `a Stripe value starting with ${prefixes.join(' or ')}`, '***');
    }
    return value;
  };
  return Object.freeze({
    provider,
    secretKey: required('STRIPE_SECRET_KEY', ['sk_', 'rk_']),
    webhookSecret: required('STRIPE_WEBHOOK_SECRET', ['whsec_']),
    priceIdPro: required('STRIPE_PRICE_PRO', ['price_']),
    apiBase: url(env, 'STRIPE_API_BASE', ['http:', 'https:'])?.replace(/\/+$/, '') ?? null,
  });
}

/** A provider's client id and secret: both or neither (null). The secret is never echoed. */
function oauthClient(env: Env, prefix: string): OAuthClientConfig | null {
  const clientId = read(env, `${prefix}_CLIENT_ID`);
  const clientSecret = read(env, `${prefix}_CLIENT_SECRET`);
  if (clientId === undefined && clientSecret === undefined) return null;
  if (clientId === undefined) fail(`${prefix}_CLIENT_ID`, `set when ${prefix}_CLIENT_SECRET is set`, '');
  if (clientSecret === undefined) fail(`${prefix}_CLIENT_SECRET`, `set when ${prefix}_CLIENT_ID is set`, '');
  return { clientId, clientSecret };
}

/** An http(s) base URL without its trailing slashes. */
const baseUrl = (env: Env, name: string): string | undefined =>
  url(env, name, ['http:', 'https:'])?.replace(/\/+$/, '');

/**
 * GITHUB_*, GOOGLE_*, OIDC_* and PLINTH_OAUTH_ALLOWED_HOSTS. A provider is on when its client id
 * and secret are set; its other variables are only read then.
 */
function oauth(env: Env): OAuthConfig {
  const github = oauthClient(env, 'GITHUB');
  const google = oauthClient(env, 'GOOGLE');
  const oidc = oauthClient(env, 'OIDC');
  const oidcIssuer = baseUrl(env, 'OIDC_ISSUER');
  if (oidc && oidcIssuer === undefined) fail('OIDC_ISSUER', 'set when OIDC_CLIENT_ID is set', '');
  if (!oidc && oidcIssuer !== undefined) fail('OIDC_CLIENT_ID', 'set when OIDC_ISSUER is set', '');
  const oidcName = read(env, 'OIDC_NAME') ?? 'Single sign-on';
  if (oidcName.length > 60) fail('OIDC_NAME', 'at most 60 characters', oidcName);
  return Object.freeze({
    github: github && {
      ...github,
      baseUrl: baseUrl(env, 'GITHUB_BASE_URL') ?? 'https://github.com',
      apiUrl: baseUrl(env, 'GITHUB_API_URL') ?? 'https://api.github.com',
    },
    google: google && { ...google, issuer: baseUrl(env, 'GOOGLE_ISSUER') ?? 'https://accounts.google.com' },
    oidc: oidc && oidcIssuer !== undefined ? { ...oidc, issuer: oidcIssuer, name: oidcName } : null,
    allowedHosts: Object.freeze(hostList(env, 'PLINTH_OAUTH_ALLOWED_HOSTS')),
  });
}

/** PLINTH_AI_*: a base URL and a model, or neither (the key alone means nothing). The key is never echoed. */
function ai(env: Env): AiConfig | null {
  const base = baseUrl(env, 'PLINTH_AI_BASE_URL');
  const model = read(env, 'PLINTH_AI_MODEL');
  const apiKey = read(env, 'PLINTH_AI_API_KEY') ?? null;
  const timeoutMs = integer(env, 'PLINTH_AI_TIMEOUT_MS', 60_000, 100, 3_600_000);
  const maxRequestChars = integer(env, 'PLINTH_AI_MAX_REQUEST_CHARS', 6000, 1000, 1_000_000);
  if (base === undefined) {
    if (model !== undefined)
      fail('PLINTH_AI_BASE_URL', 'set when PLINTH_AI_MODEL is set (https://api.openai.com/v1 for OpenAI)', '');
    if (apiKey !== null)
      fail('PLINTH_AI_BASE_URL', 'set when PLINTH_AI_API_KEY is set (https://api.openai.com/v1 for OpenAI)', '');
    return null;
  }
  if (model === undefined)
    fail('PLINTH_AI_MODEL', 'set when PLINTH_AI_BASE_URL is set (a model name such as gpt-4o-mini or llama3.1)', '');
  if (model.length > 200 || !/^[\x21-\x7e]+$/.test(model))
    fail('PLINTH_AI_MODEL', 'a model name of printable characters without spaces', model);
  if (apiKey !== null && !/^[\x21-\x7e]+$/.test(apiKey))
    fail('PLINTH_AI_API_KEY', 'printable characters without spaces', '***');
  return Object.freeze({ baseUrl: base, apiKey, model, timeoutMs, maxRequestChars });
}

/** PLINTH_METRICS_TOKEN: long enough to resist guessing, and usable in an Authorization header. */
function metricsToken(env: Env): string | null {
  const raw = read(env, 'PLINTH_METRICS_TOKEN');
  if (raw === undefined) return null;
  if (raw.length < 16 || !/^[\x21-\x7e]+$/.test(raw)) {
    fail('PLINTH_METRICS_TOKEN', 'at least 16 printable characters without spaces', '***');
  }
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
    storage: storage(env, dataDir),
    maxUploadBytes: integer(env, 'PLINTH_MAX_UPLOAD_BYTES', 100 * 1024 * 1024, 1024, 5 * 1024 * 1024 * 1024),
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:']) ?? null,
    webhookAllowedHosts: Object.freeze(hostList(env, 'PLINTH_WEBHOOK_ALLOWED_HOSTS')),
    jobLeaseMs: integer(env, 'PLINTH_JOB_LEASE_MS', 60_000, 1_000, 3_600_000),
    eventsPollMs: integer(env, 'PLINTH_EVENTS_POLL_MS', 2_000, 100, 3_600_000),
    jobRetentionDays: integer(env, 'PLINTH_JOB_RETENTION_DAYS', 7, 1, 3650),
    billing: billing(env),
    metricsToken: metricsToken(env),
    statusSampleIntervalMs: integer(env, 'PLINTH_STATUS_SAMPLE_SECONDS', 60, 5, 3600) * 1000,
    oauth: oauth(env),
    ai: ai(env),
  });
}
