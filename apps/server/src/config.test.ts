import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

/** The ConfigError `loadConfig` throws for this environment (fails the test when there is none). */
function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('has the defaults of API.md', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      dataDir: path.resolve('./data'),
      databaseUrl: null,
      smtpUrl: null,
      mailFrom: 'plinth@localhost',
      inboxEmail: null,
      registration: 'open',
      adminEmail: null,
      adminPassword: null,
      seedDemo: true,
      jwtSecret: null,
      logLevel: 'info',
      bodyLimitBytes: 1024 * 1024,
      trustProxy: false,
      storage: { kind: 'local', dir: path.resolve('./data/media') },
      maxUploadBytes: 100 * 1024 * 1024,
      jobLeaseMs: 60_000,
      jobRetentionDays: 7,
      metricsToken: null,
      statusSampleIntervalMs: 60_000,
      redisUrl: null,
    });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('treats empty and blank values as unset', () => {
    const config = loadConfig({ PORT: '', PUBLIC_URL: '   ', PLINTH_REGISTRATION: '', PLINTH_SEED_DEMO: ' ' });
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.registration).toBe('open');
    expect(config.seedDemo).toBe(true);
  });

  it('reads every variable it knows', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'https://cms.example.com/',
      PLINTH_DATA_DIR: '/tmp/plinth-data',
      DATABASE_URL: 'postgres://user:pw@db:5432/plinth',
      SMTP_URL: 'smtp://mail:25',
      PLINTH_MAIL_FROM: 'cms@example.com',
      PLINTH_INBOX_EMAIL: 'inbox@example.com',
      PLINTH_REGISTRATION: 'approval',
      PLINTH_ADMIN_EMAIL: 'root@example.com',
      PLINTH_ADMIN_PASSWORD: 'long enough',
      PLINTH_SEED_DEMO: 'false',
      PLINTH_JWT_SECRET: 'x'.repeat(32),
      LOG_LEVEL: 'warn',
      PLINTH_BODY_LIMIT_BYTES: '2048',
      PLINTH_TRUST_PROXY: 'yes',
      PLINTH_STORAGE: 's3',
      S3_ENDPOINT: 'http://minio:9000/',
      S3_BUCKET: 'plinth-media',
      S3_REGION: 'eu-west-1',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      PLINTH_MAX_UPLOAD_BYTES: '5000000',
      PLINTH_JOB_LEASE_MS: '5000',
      PLINTH_JOB_RETENTION_DAYS: '30',
      PLINTH_METRICS_TOKEN: 'scrape-me-0123456789',
      PLINTH_STATUS_SAMPLE_SECONDS: '30',
      REDIS_URL: 'redis://cache:6379',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      publicUrl: 'https://cms.example.com',
      dataDir: '/tmp/plinth-data',
      databaseUrl: 'postgres://user:pw@db:5432/plinth',
      smtpUrl: 'smtp://mail:25',
      mailFrom: 'cms@example.com',
      inboxEmail: 'inbox@example.com',
      registration: 'approval',
      adminEmail: 'root@example.com',
      adminPassword: 'long enough',
      seedDemo: false,
      jwtSecret: 'x'.repeat(32),
      logLevel: 'warn',
      bodyLimitBytes: 2048,
      trustProxy: true,
      storage: {
        kind: 's3',
        endpoint: 'http://minio:9000',
        bucket: 'plinth-media',
        region: 'eu-west-1',
        accessKeyId: 'key',
        secretAccessKey: 'secret',
        forcePathStyle: true,
      },
      maxUploadBytes: 5_000_000,
      jobLeaseMs: 5000,
      jobRetentionDays: 30,
      metricsToken: 'scrape-me-0123456789',
      statusSampleIntervalMs: 30_000,
      redisUrl: 'redis://cache:6379',
    });
  });

  it('derives the public URL from the port', () => {
    expect(loadConfig({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
  });

  it('accepts PORT=0 (any free port) and postgresql:// URLs', () => {
    expect(loadConfig({ PORT: '0' }).port).toBe(0);
    expect(loadConfig({ DATABASE_URL: 'postgresql://db/plinth' }).databaseUrl).toBe('postgresql://db/plinth');
  });

  it.each([
    ['true', true],
    ['1', true],
    ['ON', true],
    ['no', false],
    ['0', false],
    ['False', false],
  ])('reads PLINTH_SEED_DEMO=%s as %s', (value, expected) => {
    expect(loadConfig({ PLINTH_SEED_DEMO: value }).seedDemo).toBe(expected);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '-1'],
    ['PORT', '65536'],
    ['PORT', '80.5'],
    ['PORT', '1e3'],
    ['PUBLIC_URL', 'notaurl'],
    ['PUBLIC_URL', 'ftp://example.com'],
    ['DATABASE_URL', 'mysql://x'],
    ['DATABASE_URL', 'sqlite:./data.db'],
    ['SMTP_URL', 'http://mail'],
    ['PLINTH_REGISTRATION', 'maybe'],
    ['PLINTH_REGISTRATION', 'OPEN'],
    ['PLINTH_SEED_DEMO', 'perhaps'],
    ['PLINTH_TRUST_PROXY', 'sometimes'],
    ['PLINTH_JWT_SECRET', 'short'],
    ['PLINTH_JWT_SECRET', 'x'.repeat(31)],
    ['PLINTH_INBOX_EMAIL', 'inbox'],
    ['PLINTH_MAIL_FROM', 'not an email'],
    ['LOG_LEVEL', 'loud'],
    ['PLINTH_BODY_LIMIT_BYTES', '10'],
    ['PLINTH_STORAGE', 'ftp'],
    ['PLINTH_MAX_UPLOAD_BYTES', '12'],
    ['PLINTH_MAX_UPLOAD_BYTES', '10MB'],
    ['PLINTH_JOB_LEASE_MS', '500'],
    ['PLINTH_JOB_LEASE_MS', 'soon'],
    ['PLINTH_JOB_RETENTION_DAYS', '0'],
    ['PLINTH_METRICS_TOKEN', 'short'],
    ['PLINTH_METRICS_TOKEN', 'has a space in it 0123'],
    ['PLINTH_STATUS_SAMPLE_SECONDS', '1'],
  ])('rejects %s=%s with a one-line message naming it', (name, value) => {
    const error = configError({ [name]: value });
    expect(error.message).toContain(name);
    expect(error.message).not.toContain('\n');
    expect(error.message).toMatch(/^Invalid configuration: /);
  });

  it('never echoes a secret in its message', () => {
    const secret = 'tooshort-secret';
    const error = configError({ PLINTH_JWT_SECRET: secret });
    expect(error.message).toContain('PLINTH_JWT_SECRET');
    expect(error.message).not.toContain(secret);

    const admin = configError({ PLINTH_ADMIN_EMAIL: 'root@example.com', PLINTH_ADMIN_PASSWORD: 'pw1234' });
    expect(admin.message).toContain('PLINTH_ADMIN_PASSWORD');
    expect(admin.message).not.toContain('pw1234');
  });

  it('needs an admin password with an admin email', () => {
    expect(configError({ PLINTH_ADMIN_EMAIL: 'root@example.com' }).message).toContain('PLINTH_ADMIN_PASSWORD');
    expect(configError({ PLINTH_ADMIN_EMAIL: 'root' }).message).toContain('PLINTH_ADMIN_EMAIL');
  });

  it('keeps the message on one line even when the value has line breaks', () => {
    const error = configError({ PUBLIC_URL: 'not\na url' });
    expect(error.message).toContain('PUBLIC_URL');
    expect(error.message.split('\n')).toHaveLength(1);
    expect(configError({ PORT: '80\n81' }).message.split(/\r|\n/)).toHaveLength(1);
  });

  it('does not echo database or SMTP credentials', () => {
    const error = configError({ DATABASE_URL: 'mysql://admin:hunter2@db/plinth' });
    expect(error.message).toContain('DATABASE_URL');
    expect(error.message).not.toContain('hunter2');
  });

  it('checks the S3 variables only when PLINTH_STORAGE=s3, one line per bad value', () => {
    expect(loadConfig({ S3_ENDPOINT: 'not a url' }).storage.kind).toBe('local');
    const s3 = { PLINTH_STORAGE: 's3', S3_BUCKET: 'media' };
    expect(loadConfig(s3).storage).toEqual({
      kind: 's3',
      bucket: 'media',
      region: 'us-east-1',
      endpoint: null,
      accessKeyId: null,
      secretAccessKey: null,
      forcePathStyle: false,
    });
    expect(configError({ PLINTH_STORAGE: 's3' }).message).toContain('S3_BUCKET');
    expect(configError({ ...s3, S3_BUCKET: 'Bad_Bucket' }).message).toContain('S3_BUCKET');
    expect(configError({ ...s3, S3_ENDPOINT: 'minio:9000' }).message).toContain('S3_ENDPOINT');
    expect(configError({ ...s3, S3_REGION: 'EU West' }).message).toContain('S3_REGION');
    expect(configError({ ...s3, S3_FORCE_PATH_STYLE: 'sometimes' }).message).toContain('S3_FORCE_PATH_STYLE');
    expect(configError({ ...s3, S3_ACCESS_KEY_ID: 'key' }).message).toContain('S3_SECRET_ACCESS_KEY');
    const secret = configError({ ...s3, S3_SECRET_ACCESS_KEY: 'hunter2-secret' });
    expect(secret.message).toContain('S3_ACCESS_KEY_ID');
    expect(secret.message).not.toContain('hunter2');
  });
});
