import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DnsLookup } from '../lib/safe-http.js';
import type { WebhookJobOptions } from '../modules/webhooks/webhook-delivery.job.js';
import { createTestApp, type TestApp } from './harness.js';

/** createTestApp with the webhook job handler built with `job` options (short timeouts and delays). */
export async function createWebhookTestApp(
  options: { env?: Record<string, string>; clock?: () => Date; job?: WebhookJobOptions; dnsLookup?: DnsLookup } = {},
): Promise<TestApp> {
  return createTestApp({
    ...(options.env ? { env: options.env } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.dnsLookup ? { dnsLookup: options.dnsLookup } : {}),
    webhookJob: options.job ?? {},
    worker: { pollMs: 20 },
  });
}

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

/** What the receiver does with one request: answer with a status (and body), or never answer. */
export type Behaviour = { status: number; body?: string; headers?: Record<string, string> } | 'hang';

/**
 * A real HTTP server on 127.0.0.1 that records every request. Answers come from the script of
 * the request's path in order, then from `always` (200 by default).
 */
export async function startReceiver() {
  const received: ReceivedRequest[] = [];
  const scripts = new Map<string, Behaviour[]>();
  let fallback: Behaviour = { status: 200, body: 'ok' };
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      });
      const behaviour = scripts.get(req.url ?? '')?.shift() ?? fallback;
      if (behaviour === 'hang') {
        hanging.add(res);
        return;
      }
      res.writeHead(behaviour.status, { 'content-type': 'text/plain', ...behaviour.headers });
      res.end(behaviour.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    /** Answers for the next requests to `path` (with its query), in order. */
    respond(path: string, ...behaviours: Behaviour[]) {
      scripts.set(path, [...(scripts.get(path) ?? []), ...behaviours]);
    },
    always(behaviour: Behaviour) {
      fallback = behaviour;
    },
    /** Waits until `count` requests (matching `filter`) arrived; returns them. */
    async waitFor(count: number, filter: (r: ReceivedRequest) => boolean = () => true, timeoutMs = 8000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const matching = received.filter(filter);
        if (matching.length >= count) return matching;
        if (Date.now() > deadline) {
          throw new Error(`receiver got ${matching.length} of ${count} expected requests within ${timeoutMs} ms`);
        }
        await new Promise((resolve) => setTimeout(resolve, 15));
      }
    },
    close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** Polls `check` until it returns a value that is not undefined/false. */
export async function eventually<T>(check: () => Promise<T | undefined | false>, timeoutMs = 8000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Waits until no job is running. Moving a test clock while a job runs would either make its
 * retry come late (its delay counts from the moved clock) or expire its lease (a second claim).
 */
export function jobsSettled(t: TestApp): Promise<true> {
  return eventually(async () => {
    const running = await t.database.db.selectFrom('jobs').select('id').where('status', '=', 'running').execute();
    return running.length === 0 ? true : undefined;
  });
}
