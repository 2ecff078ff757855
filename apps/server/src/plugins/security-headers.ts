import type { FastifyInstance, FastifyReply } from 'fastify';

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
    // The document editor frames the project's own site for live preview (a collection's
    // preview_url, on any http(s) origin, a local one in development too). A frame cannot reach
    // into the page; what the page sends it goes to that site's origin only.
    `frame-src 'self' https: http:${extra(origins?.frame)}`,
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

const PAGE_CSP = pageContentSecurityPolicy();

declare module 'fastify' {
  interface FastifyReply {
    /**
     * Puts the headers every answer carries on the reply now: what a route that writes its
     * answer itself (hijacked, such as an event stream) sends with its own headers.
     */
    withSecurityHeaders(): FastifyReply;
  }
}

/** Headers that every answer carries (API.md, Operations). */
export function installSecurityHeaders(app: FastifyInstance, options: { https: boolean }): void {
  app.decorateReply('withSecurityHeaders', function (this: FastifyReply) {
    this.header('X-Content-Type-Options', 'nosniff');
    this.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    this.header('X-Request-Id', this.request.id);
    if (options.https) this.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    return this;
  });
  // Callback style: no promise per answer.
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.withSecurityHeaders();
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html') && !reply.hasHeader('content-security-policy')) {
      reply.header('Content-Security-Policy', PAGE_CSP);
    }
    done(null, payload);
  });
}
