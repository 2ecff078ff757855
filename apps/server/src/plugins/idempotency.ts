import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { sha256 } from '../lib/crypto.js';
import { AppError, conflict } from '../lib/errors.js';
import type { Authenticator } from '../modules/auth/authenticator.js';
import { actorKey } from '../modules/auth/principal.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Create routes set this: they honour the `Idempotency-Key` header. */
    idempotent?: boolean;
  }
}

const KEEP_MS = 24 * 3600_000;
/** A claim older than this belongs to a request that died half-way; the key may be reused. */
const ABANDONED_MS = 60_000;
const IN_PROGRESS = 0;

const claims = new WeakMap<FastifyRequest, { scope: string; key: string }>();

/**
 * `Idempotency-Key` for create routes: the first response is stored for 24 hours and replayed
 * for a retry with the same key and body. The key is claimed before the handler runs, so two
 * concurrent retries cannot both create.
 */
export function installIdempotency(app: FastifyInstance, deps: { ctx: AppContext; auth: Authenticator }): void {
  const { db, clock } = deps.ctx;

  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.idempotent) return;
    const key = request.headers['idempotency-key'];
    if (key === undefined) return;
    if (typeof key !== 'string' || key.length === 0 || key.length > 255) {
      throw new AppError('VALIDATION_FAILED', 'The Idempotency-Key header must be 1 to 255 characters', [
        { path: 'Idempotency-Key', message: 'must be 1 to 255 characters' },
      ]);
    }
    const scope = actorKey(await deps.auth.principal(request));
    const requestHash = sha256(JSON.stringify([request.method, request.url, request.body ?? null]));
    const now = clock();
    const existing = await db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('scope', '=', scope)
      .where('key', '=', key)
      .executeTakeFirst();
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
        return reply
          .header('Idempotent-Replayed', 'true')
          .type('application/json; charset=utf-8')
          .status(existing.status_code)
          .send(existing.body);
      }
      await db.deleteFrom('idempotency_keys').where('scope', '=', scope).where('key', '=', key).execute();
    }
    try {
      await db
        .insertInto('idempotency_keys')
        .values({
          scope,
          key,
          request_hash: requestHash,
          status_code: IN_PROGRESS,
          body: '',
          created_at: now.toISOString(),
        })
        .execute();
    } catch {
      throw conflict('A request with this Idempotency-Key is still in progress');
    }
    claims.set(request, { scope, key });
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = claims.get(request);
    if (!claim) return payload;
    claims.delete(request);
    const query = db.updateTable('idempotency_keys').where('scope', '=', claim.scope).where('key', '=', claim.key);
    if (reply.statusCode < 300 && typeof payload === 'string') {
      await query.set({ status_code: reply.statusCode, body: payload }).execute();
    } else {
      // Failures are not remembered: the client may fix the request and retry with the same key.
      await db.deleteFrom('idempotency_keys').where('scope', '=', claim.scope).where('key', '=', claim.key).execute();
    }
    return payload;
  });
}
