import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { createTestApp, type Session, signUp, type TestApp } from '../apps/server/src/test/harness.js';

// The attack suite's one way in: a real server (services, HTTP app, worker, as `plinth start`
// builds them) listening on a loopback port, on SQLite or (with TEST_DATABASE_URL) PostgreSQL,
// attacked over raw HTTP. Requests go through node:http rather than fetch so that paths, headers
// and bodies arrive exactly as written: fetch would normalize `..`, re-encode and drop headers.

export type { Session } from '../apps/server/src/test/harness.js';

export interface Target extends TestApp {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
}

/**
 * A listening server on a fresh database. `env` is the process environment it would see;
 * `PUBLIC_URL` defaults to the listening address so that URLs in answers can be fetched.
 */
export async function startTarget(
  options: Parameters<typeof createTestApp>[0] & { env?: Record<string, string> } = {},
): Promise<Target> {
  const app = await createTestApp(options);
  await app.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.app.server.address() as AddressInfo;
  return { ...app, url: `http://127.0.0.1:${port}`, port };
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The body as JSON, or undefined when it is not JSON. */
  json: unknown;
}

export interface Attempt {
  method?: string;
  /** Sent as written: no normalization, no encoding. */
  path: string;
  /** A Session (its access token) or a raw bearer token. */
  as?: Session | string | null;
  headers?: Record<string, string | string[]>;
  /** An object is sent as JSON; a string or Buffer as is. */
  body?: unknown;
}

/** Sends one request over HTTP and reads the whole answer (a reset connection rejects). */
export function send(target: Pick<Target, 'port'>, attempt: Attempt): Promise<Answer> {
  const { method = 'GET', path, as, headers = {}, body } = attempt;
  const token = as == null ? null : typeof as === 'string' ? as : as.accessToken;
  const payload =
    body === undefined ? undefined : typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
  const allHeaders: Record<string, string | string[]> = {
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...(payload !== undefined && typeof body !== 'string' && !Buffer.isBuffer(body)
      ? { 'content-type': 'application/json' }
      : {}),
    ...(payload !== undefined ? { 'content-length': String(Buffer.byteLength(payload)) } : {}),
    ...headers,
  };
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port: target.port, method, path, headers: allHeaders, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text, json });
        });
      },
    );
    request.on('error', reject);
    if (payload !== undefined) request.write(payload);
    request.end();
  });
}

const shorten = (text: string, length = 160) => (text.length > length ? `${text.slice(0, length)}…` : text);

/**
 * Sends an attack and prints what was tried and what came back, as every case of the suite does.
 * `tried` says in words what the attacker is after.
 */
export async function attack(target: Pick<Target, 'port'>, tried: string, attempt: Attempt): Promise<Answer> {
  const answer = await send(target, attempt);
  const code = (answer.json as { code?: unknown } | undefined)?.code;
  console.log(
    `tried: ${tried}\n  ${attempt.method ?? 'GET'} ${shorten(attempt.path, 120)}\n  saw: ${answer.status}${
      typeof code === 'string' ? ` ${code}` : ''
    } ${shorten(answer.text.replace(/\s+/g, ' '))}`,
  );
  return answer;
}

/** Prints a case that is not a single request (a sequence, a timing, a browser check). */
export function report(tried: string, saw: string): void {
  console.log(`tried: ${tried}\n  saw: ${saw}`);
}

/** The API.md error envelope's code, or undefined. */
export const errorCode = (answer: Answer): string | undefined => {
  const code = (answer.json as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
};

/** The answer's status and error code are these. */
export function expectStatus(answer: Answer, status: number, code: string): void {
  expect({ status: answer.status, code: errorCode(answer) }).toEqual({ status, code });
}

/** A registered, signed-in user (the target's first user is its instance admin). */
export const newUser = (target: Target, name = 'Attacker') => signUp(target.app, { name });
