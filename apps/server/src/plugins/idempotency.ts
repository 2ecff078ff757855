import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../lib/clock.js';
import { decrypt, deriveKey, encrypt, hmacSha256 } from '../lib/crypto.js';
import { AppError, conflict } from '../lib/errors.js';
import { actorKey } from '../modules/auth/principal.js';
import type { ProjectAction } from '../modules/projects/project-access.js';
import type { IdempotencyRepository } from './idempotency.repository.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Create routes set this to honour the `Idempotency-Key` header: the action the route
     * authorizes on `:projectId`, or 'user' for routes any signed-in user may call. The caller
     * is authorized again before a stored answer is replayed.
     */
    idempotent?: ProjectAction | 'user';
  }
}

const KEEP_MS = 24 * 3600_000;
/** A claim older than this belongs to a request that died half-way; the key may be reused. */
const ABANDONED_MS = 60_000;
/** How often a process deletes answers past their 24 hours. */
const PURGE_EVERY_MS = 10 * 60_000;
const IN_PROGRESS = 0;

/**
 * What is derived from a caller's key. The database keeps only a keyed hash of the key and the
 * answer encrypted with a key derived from it, so its rows hold no usable secret (an API token
 * or webhook secret shown once) for anyone who lacks the client's Idempotency-Key.
 */
interface KeyMaterial {
  scope: string;
  /** What the row is found by: the key hashed with the server's secret. */
  id: string;
  /** Encrypts the stored answer and hashes the request. */
  secret: Buffer;
}

const claims = new WeakMap<FastifyRequest, KeyMaterial>();
/** Multipart requests: their content is known only once the route has read it (see idempotentBody). */
const deferred = new WeakMap<FastifyRequest, (fingerprint: string) => Promise<StoredAnswer | null>>();

/** A stored answer to replay; thrown out of a deferred check to stop the handler's work. */
class StoredAnswer extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: string,
  ) {
    super('Replay of a stored answer');
  }
}

function replay(reply: FastifyReply, answer: StoredAnswer): FastifyReply {
  return reply
    .header('Idempotent-Replayed', 'true')
    .type('application/json; charset=utf-8')
    .status(answer.statusCode)
    .send(answer.body);
}

/**
 * `Idempotency-Key` for create routes: the first response is stored for 24 hours and replayed
 * for a retry with the same key and body, after the caller is authorized again. The key is
 * claimed before the handler runs, so two concurrent retries cannot both create.
 */
export function installIdempotency(
  app: FastifyInstance,
  deps: {
    repository: IdempotencyRepository;
    clock: Clock;
    /** The server's secret: keys are stored only as hashes under it. */
    jwtKey: Uint8Array;
  },
): void {
  const { repository, clock, jwtKey } = deps;
  let lastPurge = Number.NEGATIVE_INFINITY;

  async function purge(now: Date): Promise<void> {
    if (now.getTime() - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = now.getTime();
    await repository.deleteOlderThan(new Date(now.getTime() - KEEP_MS).toISOString());
  }

  /** Replays, refuses (409) or claims the key for this request, whose content is `fingerprint`. */
  async function settle(request: FastifyRequest, keys: KeyMaterial, fingerprint: string): Promise<StoredAnswer | null> {
    const requestHash = hmacSha256(keys.secret, JSON.stringify([request.method, request.url, fingerprint]));
    const now = clock();
    await purge(now);
    const existing = await repository.find(keys.scope, keys.id);
    if (existing) {
      const age = now.getTime() - Date.parse(existing.created_at);
      const expired = age > KEEP_MS || (existing.status_code === IN_PROGRESS && age > ABANDONED_MS);
      if (!expired) {
        if (existing.request_hash !== requestHash) {
          throw conflict('This Idempotency-Key was already used with a different request');
        }
        if (existing.status_code === IN_PROGRESS) {
          throw conflict('A request with this Idempotency-Key is still in progress');
        }
        return new StoredAnswer(existing.status_code, decrypt(keys.secret, existing.body, keys.scope));
      }
      await repository.delete(keys.scope, keys.id);
    }
    try {
      await repository.claim({
        scope: keys.scope,
        key: keys.id,
        request_hash: requestHash,
        status_code: IN_PROGRESS,
        body: '',
        created_at: now.toISOString(),
      });
    } catch {
      throw conflict('A request with this Idempotency-Key is still in progress');
    }
    claims.set(request, keys);
    return null;
  }

  const claimKey = async (request: FastifyRequest, reply: FastifyReply) => {
    const action = request.routeOptions.config.idempotent;
    if (!action) return;
    const key = request.headers['idempotency-key'];
    if (key === undefined) return;
    // Exactly the checks the handler makes, before anything stored is shown to the caller.
    const principal =
      action === 'user'
        ? await request.user()
        : (await request.authorize((request.params as { projectId: string }).projectId, action)).principal;
    if (typeof key !== 'string' || key.length === 0 || key.length > 255) {
      throw new AppError('VALIDATION_FAILED', 'The Idempotency-Key header must be 1 to 255 characters', [
        { path: 'Idempotency-Key', message: 'must be 1 to 255 characters' },
      ]);
    }
    const scope = actorKey(principal);
    const keys: KeyMaterial = {
      scope,
      id: hmacSha256(jwtKey, `${scope}\n${key}`),
      secret: deriveKey({ secret: key, salt: jwtKey, info: `plinth idempotency ${scope}`, length: 32 }),
    };
    // The route reads a multipart body itself, after this hook.
    if (/^multipart\//i.test(request.headers['content-type'] ?? '')) {
      deferred.set(request, (fingerprint) => settle(request, keys, fingerprint));
      return;
    }
    const answer = await settle(request, keys, JSON.stringify(request.body ?? null));
    if (answer) return replay(reply, answer);
  };

  const storeAnswer = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const keys = claims.get(request);
    if (!keys) return payload;
    claims.delete(request);
    if (reply.statusCode < 300 && typeof payload === 'string') {
      await repository.storeAnswer(keys.scope, keys.id, {
        statusCode: reply.statusCode,
        body: encrypt(keys.secret, payload, keys.scope),
      });
    } else {
      // Failures are not remembered: the client may fix the request and retry with the same key.
      await repository.delete(keys.scope, keys.id);
    }
    return payload;
  };

  // Only routes that take an Idempotency-Key carry these hooks: reads never pay for them.
  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    route.preHandler = [...hooksOf(route.preHandler), claimKey];
    route.onSend = [...hooksOf(route.onSend), storeAnswer];
  });
}

const hooksOf = <Hook>(hooks: Hook | Hook[] | undefined): Hook[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

/**
 * For create routes whose body the handler reads itself (multipart uploads): `run` gets a
 * `check(fingerprint)` to call once the body is read and summed up, before anything is stored.
 * A retry with the same key and content then answers the stored response; other content, 409.
 * @example return idempotentBody(request, reply, async (check) => { …; await check(digest); … });
 */
export async function idempotentBody(
  request: FastifyRequest,
  reply: FastifyReply,
  run: (check: (fingerprint: string) => Promise<void>) => Promise<FastifyReply>,
): Promise<FastifyReply> {
  const settle = deferred.get(request);
  deferred.delete(request);
  try {
    return await run(async (fingerprint) => {
      const answer = settle ? await settle(fingerprint) : null;
      if (answer) throw answer;
    });
  } catch (error) {
    if (error instanceof StoredAnswer) return replay(reply, error);
    throw error;
  }
}
