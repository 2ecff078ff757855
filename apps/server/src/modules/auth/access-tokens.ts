import { randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../../lib/errors.js';

export const ACCESS_TOKEN_SECONDS = 15 * 60;

/**
 * Signs a 15-minute access token for one session. Each token has its own id: two minted in the
 * same second for the same session would otherwise be identical strings.
 */
export async function signAccessToken(options: { key: Uint8Array; userId: string; sessionId: string; now: Date }) {
  const issuedAt = Math.floor(options.now.getTime() / 1000);
  return new SignJWT({ sid: options.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(options.userId)
    .setJti(randomUUID())
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_SECONDS)
    .sign(options.key);
}

/** Verifies signature and expiry; an expired token is TOKEN_EXPIRED, anything else UNAUTHENTICATED. */
export async function verifyAccessToken(options: { key: Uint8Array; token: string; now: Date }) {
  try {
    const { payload } = await jwtVerify(options.token, options.key, {
      algorithms: ['HS256'],
      currentDate: options.now,
    });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') throw new Error('claims');
    return { userId: payload.sub, sessionId: payload.sid };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) {
      throw new AppError('TOKEN_EXPIRED', 'Your session has expired; refresh the access token');
    }
    throw new AppError('UNAUTHENTICATED', 'The access token is invalid');
  }
}
