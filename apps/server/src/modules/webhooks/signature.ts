import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The `X-Plinth-Signature` value: HMAC-SHA256 over `<timestamp>.<raw body>` with the webhook's
 * secret, hex encoded. Receivers recompute it (docs/webhooks.md has the recipe).
 * @example signPayload({ secret, timestamp: 1795000000, body: '{"id":"…"}' }) // 'sha256=5f1c…'
 */
export function signPayload(options: { secret: string; timestamp: number; body: string }): string {
  const hmac = createHmac('sha256', options.secret).update(`${options.timestamp}.${options.body}`).digest('hex');
  return `sha256=${hmac}`;
}

/** Constant-time check of a signature header (tests and the docs recipe use the same logic). */
export function verifySignature(options: {
  secret: string;
  timestamp: number;
  body: string;
  signature: string;
}): boolean {
  const expected = Buffer.from(signPayload(options));
  const given = Buffer.from(options.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
