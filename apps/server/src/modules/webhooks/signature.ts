import { createHmac } from 'node:crypto';

/**
 * The `X-Plinth-Signature` value: HMAC-SHA256 over `<timestamp>.<raw body>` with the webhook's
 * secret, hex encoded. Receivers recompute it with docs/recipes/verify-plinth-signature.ts.
 * @example signPayload({ secret, timestamp: 1795000000, body: '{"id":"…"}' }) // 'sha256=5f1c…'
 */
export function signPayload(options: { secret: string; timestamp: number; body: string }): string {
  const hmac = createHmac('sha256', options.secret).update(`${options.timestamp}.${options.body}`).digest('hex');
  return `sha256=${hmac}`;
}
