import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/** A random url-safe secret of `bytes` bytes of entropy, with an optional readable prefix. */
export function randomSecret(bytes = 32, prefix = ''): string {
  return prefix + randomBytes(bytes).toString('base64url');
}

/**
 * SHA-256 hex digest. Enough for high-entropy secrets (API, refresh and reset tokens),
 * which are looked up by hash; passwords use argon2id instead.
 */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** HMAC-SHA256 hex digest of `value` under `key`. */
export function hmacSha256(key: Uint8Array, value: string): string {
  return createHmac('sha256', key).update(value).digest('hex');
}

/**
 * Derives `length` bytes of key material from a secret (HKDF-SHA256); `info` separates uses.
 * @example const key = deriveKey({ secret: clientKey, salt: serverKey, info: 'idempotency', length: 32 });
 */
export function deriveKey(options: { secret: string; salt: Uint8Array; info: string; length: number }): Buffer {
  return Buffer.from(hkdfSync('sha256', options.secret, options.salt, options.info, options.length));
}

/** AES-256-GCM: iv, tag and ciphertext in one base64url string; `context` must match to open it. */
export function encrypt(key: Uint8Array, plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(context));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url');
}

/** Opens what `encrypt` sealed; throws when the key or context is wrong or the text was changed. */
export function decrypt(key: Uint8Array, sealed: string, context: string): string {
  const bytes = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12))
    .setAAD(Buffer.from(context))
    .setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}
