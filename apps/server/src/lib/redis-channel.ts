import { randomBytes } from 'node:crypto';
import type { Logger } from './logger.js';

/** A Redis pub/sub channel between the instances of one deployment. */
export interface RedisChannel {
  /** Sends to every other instance (never back to this one); a failure is logged. */
  publish(message: string): void;
  close(): Promise<void>;
}

/**
 * Joins a Redis pub/sub channel: `onMessage` hears what the other instances publish. Messages
 * are best effort (Redis keeps none for an instance that is away), so what they announce must
 * also be found another way.
 * @example const channel = await connectRedisChannel({ url, channel: 'plinth:invalidate', what: 'cache invalidations', log, onMessage });
 */
export async function connectRedisChannel(options: {
  url: string;
  channel: string;
  /** What goes through it, for the logs. */
  what: string;
  log: Logger;
  onMessage: (message: string) => void;
}): Promise<RedisChannel> {
  const instance = randomBytes(8).toString('hex');
  // Loaded only when Redis is configured.
  const { Redis } = await import('ioredis');
  const publisher = new Redis(options.url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  const subscriber = new Redis(options.url, { lazyConnect: true });
  for (const client of [publisher, subscriber]) {
    client.on('error', (error) => options.log.warn({ err: error }, 'Redis connection problem'));
  }
  await Promise.all([publisher.connect(), subscriber.connect()]);
  await subscriber.subscribe(options.channel);
  subscriber.on('message', (_channel, raw: string) => {
    const space = raw.indexOf(' ');
    if (space > 0 && raw.slice(0, space) !== instance) options.onMessage(raw.slice(space + 1));
  });
  return {
    publish(message) {
      publisher.publish(options.channel, `${instance} ${message}`).catch((error: unknown) => {
        options.log.error({ err: error }, `Could not publish ${options.what} to other instances`);
      });
    },
    async close() {
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}
