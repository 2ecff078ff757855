import pino, { type BaseLogger, type Bindings, type ChildLoggerOptions } from 'pino';

/**
 * What services log through: pino's logging methods, as Fastify types its logger too, so
 * services take it and never import Fastify.
 */
export type Logger = Pick<BaseLogger, 'level' | 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'>;

/** A process's logger, which also makes child loggers: Fastify logs each request through one. */
export type RootLogger = Logger & { child(bindings: Bindings, options?: ChildLoggerOptions): RootLogger };

/**
 * The logger of one process, shared by its services and its HTTP server.
 * @example const log = createLogger(config.logLevel);
 */
export function createLogger(level: string, destination?: pino.DestinationStream): RootLogger {
  return destination ? pino({ level }, destination) : pino({ level });
}
