import type { FastifyInstance } from 'fastify';

/** Origins beyond 'self' that the web app's build says its pages need, by directive (dist/csp.json). */
export interface PageOrigins {
  script: readonly string[];
  connect: readonly string[];
  img: readonly string[];
  frame: readonly string[];
}

/**
 * The Content-Security-Policy of HTML pages: only the server's own scripts, plus the origins of
 * services the web app was built with (analytics, tag manager, live chat).
 * @example pageContentSecurityPolicy({ script: ['https://www.googletagmanager.com'], connect: [], img: [], frame: [] })
 */
export function pageContentSecurityPolicy(origins?: PageOrigins): string {
  const extra = (list: readonly string[] | undefined) => (list?.length ? ` ${list.join(' ')}` : '');
  return [
    "default-src 'self'",
    `img-src 'self' data: blob: https:${extra(origins?.img)}`,
    "style-src 'self' 'unsafe-inline'",
    `script-src 'self'${extra(origins?.script)}`,
    `connect-src 'self'${extra(origins?.connect)}`,
    "font-src 'self' data:",
    `frame-src 'self'${extra(origins?.frame)}`,
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

const PAGE_CSP = pageContentSecurityPolicy();

/** Headers that every answer carries (API.md, Operations). */
export function installSecurityHeaders(app: FastifyInstance, options: { https: boolean }): void {
  // Callback style: no promise per answer.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Request-Id', request.id);
    if (options.https) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html') && !reply.hasHeader('content-security-policy')) {
      reply.header('Content-Security-Policy', PAGE_CSP);
    }
    done(null, payload);
  });
}
