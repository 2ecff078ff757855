import { createHash, randomBytes } from 'node:crypto';

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
