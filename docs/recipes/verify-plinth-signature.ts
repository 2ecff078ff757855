import { createHmac, timingSafeEqual } from 'node:crypto';

/** How old a delivery may be before it is refused as a replay. */
const TOLERANCE_SECONDS = 5 * 60;

/**
 * True when a webhook request really comes from Plinth, and is recent: `X-Plinth-Signature` must
 * be `sha256=` and the hex HMAC-SHA256 of `<X-Plinth-Timestamp>.<raw body>`, keyed with the
 * webhook's secret.
 */
export function verifyPlinthSignature(options: {
  secret: string;
  /** The body exactly as received, before any JSON parsing. */
  rawBody: string | Buffer;
  /** The X-Plinth-Timestamp header (unix seconds). */
  timestamp: string | null | undefined;
  /** The X-Plinth-Signature header. */
  signature: string | null | undefined;
  /** The current time in unix seconds (defaults to the clock). */
  now?: number;
}): boolean {
  const { secret, rawBody, timestamp, signature } = options;
  if (!timestamp || !signature || !/^\d+$/.test(timestamp)) return false;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - Number(timestamp)) > TOLERANCE_SECONDS) return false;
  const hmac = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
  const expected = Buffer.from(`sha256=${hmac}`);
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
