import type { DeliveryCache } from './delivery-cache.js';
import type { Logger } from './logger.js';
import { connectRedisChannel } from './redis-channel.js';

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
  const channel = await connectRedisChannel({
    url: options.url,
    channel: 'plinth:invalidate',
    what: 'cache invalidations',
    log: options.log,
    onMessage: (projectId) => options.delivery.invalidate(projectId, { broadcast: false }),
  });
  options.delivery.onInvalidate((projectId) => channel.publish(projectId));
  return channel;
}
