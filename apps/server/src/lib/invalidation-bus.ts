import { randomBytes } from 'node:crypto';
import type { DeliveryCache } from './delivery-cache.js';
import type { Logger } from './logger.js';

const CHANNEL = 'plinth:invalidate';

/**
 * Shares cache invalidations between instances through Redis pub/sub: each local invalidation
 * is published, and every other instance drops its cached answers, token rows, projects and
 * models of that project.
 * @example const bus = await connectInvalidationBus({ url: 'redis://127.0.0.1:6379', delivery, log });
 */
export async function connectInvalidationBus(options: {
  url: string;
  delivery: DeliveryCache;
  log: Logger;
}): Promise<{ close(): Promise<void> }> {
  const instance = randomBytes(8).toString('hex');
  // Loaded only when Redis is configured.
  const { Redis } = await import('ioredis');
  const publisher = new Redis(options.url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  const subscriber = new Redis(options.url, { lazyConnect: true });
  for (const client of [publisher, subscriber]) {
    client.on('error', (error) => options.log.warn({ err: error }, 'Redis connection problem'));
  }
  await Promise.all([publisher.connect(), subscriber.connect()]);
  await subscriber.subscribe(CHANNEL);
  subscriber.on('message', (_channel, message) => {
    try {
      const { from, projectId } = JSON.parse(message) as { from: string; projectId: string };
      if (from !== instance && typeof projectId === 'string')
        options.delivery.invalidate(projectId, { broadcast: false });
    } catch (error) {
      options.log.warn({ err: error }, 'Ignored a malformed invalidation message');
    }
  });
  options.delivery.onInvalidate((projectId) => {
    publisher.publish(CHANNEL, JSON.stringify({ from: instance, projectId })).catch((error: unknown) => {
      options.log.error({ err: error, projectId }, 'Could not publish a cache invalidation');
    });
  });
  return {
    async close() {
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}
