import type { Logger } from '../../lib/logger.js';
import { connectRedisChannel, type RedisChannel } from '../../lib/redis-channel.js';
import type { EventHub } from './event-hub.js';

/**
 * Tells the other instances sharing one SQLite file through Redis pub/sub that a project has new
 * events (PostgreSQL sends its own notifications). A message lost here costs a poll interval,
 * never an event: the log is the truth, this only says when to read it.
 * @example const wakeups = await connectRedisWakeups({ url: 'redis://127.0.0.1:6379', hub, log }); wakeups.publish(projectId);
 */
export function connectRedisWakeups(options: {
  url: string;
  hub: Pick<EventHub, 'wake'>;
  log: Logger;
}): Promise<RedisChannel> {
  return connectRedisChannel({
    url: options.url,
    channel: 'plinth:events',
    what: 'new events',
    log: options.log,
    onMessage: (projectId) => options.hub.wake(projectId),
  });
}
