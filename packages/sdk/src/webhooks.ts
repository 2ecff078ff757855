/** How old a delivery's timestamp may be before it is refused as a replay (docs/webhooks.md). */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

export interface VerifyWebhookOptions {
  /** The webhook's secret, shown once when the webhook was created. */
  secret: string;
  /** The request body exactly as received, before any JSON parsing. */
  rawBody: string | Uint8Array | ArrayBuffer;
  /** The `X-Plinth-Timestamp` header (unix seconds). */
  timestamp: string | null | undefined;
  /** The `X-Plinth-Signature` header: `sha256=<hex>`. */
  signature: string | null | undefined;
  /** The current time in unix seconds (for tests); the clock's by default. */
  now?: number;
  toleranceSeconds?: number;
}

const HEX_SIGNATURE = /^sha256=([0-9a-fA-F]{64})$/;

const encoder = new TextEncoder();

function bytesOf(body: string | Uint8Array | ArrayBuffer): Uint8Array {
  if (typeof body === 'string') return encoder.encode(body);
  return body instanceof Uint8Array ? body : new Uint8Array(body);
}

/**
 * Whether a webhook delivery really comes from Plinth and is recent: `X-Plinth-Signature` must
 * be the HMAC-SHA256, keyed with the secret, of `<X-Plinth-Timestamp>.<raw body>`, and the
 * timestamp within five minutes of now. Uses Web Crypto, so it runs in Node.js 20+, browsers
 * and edge runtimes; the comparison is constant-time (`crypto.subtle.verify`).
 * @example
 * const rawBody = await request.text();
 * const ok = await verifyWebhookSignature({
 *   secret: process.env.PLINTH_WEBHOOK_SECRET ?? '',
 *   rawBody,
 *   timestamp: request.headers.get('x-plinth-timestamp'),
 *   signature: request.headers.get('x-plinth-signature'),
 * });
 */
export async function verifyWebhookSignature(options: VerifyWebhookOptions): Promise<boolean> {
  const { secret, timestamp, signature } = options;
  if (!secret || !timestamp || !signature || !/^\d+$/.test(timestamp)) return false;
  const match = HEX_SIGNATURE.exec(signature);
  if (!match?.[1]) return false;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - Number(timestamp)) > (options.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS)) return false;
  const body = bytesOf(options.rawBody);
  const prefix = encoder.encode(`${timestamp}.`);
  const signed = new Uint8Array(prefix.length + body.length);
  signed.set(prefix);
  signed.set(body, prefix.length);
  const expected = new Uint8Array(32);
  for (let i = 0; i < 32; i++) expected[i] = Number.parseInt(match[1].slice(i * 2, i * 2 + 2), 16);
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'verify',
  ]);
  return crypto.subtle.verify('HMAC', key, expected, signed);
}
