import { randomBytes } from 'node:crypto';
import type { Logger } from '../../lib/logger.js';
import type { EventHub } from './event-hub.js';

const CHANNEL = 'plinth:events';

/**
 * Tells the other instances sharing one SQLite file through Redis pub/sub that a project has new
 * events (PostgreSQL sends its own notifications). A message lost here costs a poll interval,
 * never an event: the log is the truth, this only says when to read it.
 * @example const wakeups = await connectRedisWakeups({ url: 'redis://127.0.0.1:6379', hub, log });
 */
export async function connectRedisWakeups(options: {
  url: string;
  hub: Pick<EventHub, 'wake'>;
  log: Logger;
}): Promise<{ publish(projectId: string): void; close(): Promise<void> }> {
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
    const [from, projectId] = message.split(' ');
    if (from !== instance && projectId) options.hub.wake(projectId);
  });
  return {
    publish(projectId) {
      publisher.publish(CHANNEL, `${instance} ${projectId}`).catch((error: unknown) => {
        options.log.warn({ err: error, projectId }, 'Could not announce new events to other instances');
      });
    },
    async close() {
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}
