import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../../lib/errors.js';
import type { PreviewPrincipal } from './principal.js';

/** Preview tokens start with this, which tells them apart from access tokens and API tokens. */
export const PREVIEW_TOKEN_PREFIX = 'plp_';

/** How long a preview token reads its document. */
export const PREVIEW_TOKEN_SECONDS = 60 * 60;

/** Only preview tokens carry this audience: an access token is never taken for one, nor the reverse. */
const AUDIENCE = 'plinth:preview';

/**
 * Signs a read-only token for one document's working copy (and what it references), for an
 * hour. It cannot be revoked before then: keep the link to people who may see the draft.
 * @example const token = await signPreviewToken({ key, projectId, collection: 'articles', documentId, now });
 */
export async function signPreviewToken(options: {
  key: Uint8Array;
  projectId: string;
  collection: string;
  documentId: string;
  now: Date;
}): Promise<{ token: string; expiresAt: Date }> {
  const issuedAt = Math.floor(options.now.getTime() / 1000);
  const expiresAt = new Date((issuedAt + PREVIEW_TOKEN_SECONDS) * 1000);
  const jwt = await new SignJWT({ pid: options.projectId, col: options.collection })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setAudience(AUDIENCE)
    .setSubject(options.documentId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(options.key);
  return { token: `${PREVIEW_TOKEN_PREFIX}${jwt}`, expiresAt };
}

/** The document a preview token reads; an expired or forged one is a 401. */
export async function verifyPreviewToken(options: {
  key: Uint8Array;
  token: string;
  now: Date;
}): Promise<PreviewPrincipal> {
  try {
    const { payload } = await jwtVerify(options.token.slice(PREVIEW_TOKEN_PREFIX.length), options.key, {
      algorithms: ['HS256'],
      audience: AUDIENCE,
      currentDate: options.now,
    });
    const { sub, pid, col, exp } = payload;
    if (typeof sub !== 'string' || typeof pid !== 'string' || typeof col !== 'string' || typeof exp !== 'number') {
      throw new Error('claims');
    }
    return { kind: 'preview', projectId: pid, collection: col, documentId: sub, expiresAt: new Date(exp * 1000) };
  } catch (error) {
    throw new AppError(
      'UNAUTHENTICATED',
      error instanceof joseErrors.JWTExpired
        ? 'This preview link has expired; open the preview from the editor again'
        : 'The preview token is invalid',
    );
  }
}
