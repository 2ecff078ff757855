import type { OAuthProviderId } from '@plinth/contract';
import { type Static, type TSchema, Type } from 'typebox';
import { Check } from 'typebox/value';
import { AppError, forbidden } from '../../../lib/errors.js';
import type { Logger } from '../../../lib/logger.js';
import { normalizeEmail } from '../user.mapper.js';
import { type ProviderHttp, providerFailure } from './provider-http.js';

/** Who signed in at the provider: a stable subject and an email address the provider verified. */
export interface ProviderIdentity {
  subject: string;
  /** Normalized (see normalizeEmail). */
  email: string;
  name: string | null;
  avatarUrl: string | null;
}

/** One way to sign in (GitHub, Google, an OpenID Connect issuer), as the sign-in flow uses it. */
export interface SignInProvider {
  readonly id: OAuthProviderId;
  /** What the "Continue with …" button says. */
  readonly name: string;
  /** The provider's page where the person signs in and consents, for this attempt. */
  authorizationUrl(attempt: { state: string; codeChallenge: string; redirectUri: string }): Promise<string>;
  /** Trades the code the provider sent back for the identity of who signed in. */
  identify(exchange: { code: string; codeVerifier: string; redirectUri: string }): Promise<ProviderIdentity>;
}

/**
 * `base` with these query parameters added (an authorization endpoint may carry its own).
 * @example withQuery('https://github.com/login/oauth/authorize', { client_id: 'abc' })
 */
export function withQuery(base: string, params: Record<string, string>): string {
  const url = new URL(base);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

const TokenAnswer = Type.Object({ access_token: Type.String({ minLength: 1 }) });
const TokenError = Type.Object({ error: Type.String() });
// Error codes come from another server: only a plain one is repeated to the person.
const PLAIN_ERROR_CODE = /^[\w.-]{1,64}$/;
// The code was already used, expired, or belongs to another attempt: starting again helps.
const EXPIRED_CODE_ERRORS = new Set(['invalid_grant', 'bad_verification_code']);

/**
 * The access token of a token endpoint's answer. A refused code is a 400 (the person can start
 * again); any other refusal means the instance's settings or the provider are wrong: a 502.
 */
export function accessTokenOf(providerName: string, answer: { status: number; body: unknown }, log: Logger): string {
  // GitHub reports errors with a 200 and an `error` field, so the field is checked first.
  const error = Check(TokenError, answer.body) ? answer.body.error : null;
  if (error === null && answer.status === 200 && Check(TokenAnswer, answer.body)) return answer.body.access_token;
  if (error !== null && EXPIRED_CODE_ERRORS.has(error)) {
    throw new AppError('VALIDATION_FAILED', `${providerName} did not accept this sign-in; please start again`, [
      { path: 'code', message: 'was not accepted by the provider' },
    ]);
  }
  log.warn({ status: answer.status, error }, `${providerName} refused the code exchange`);
  if (error !== null && PLAIN_ERROR_CODE.test(error)) {
    throw providerFailure(
      `${providerName} refused to complete the sign-in (${error}); ask the administrator to check its settings`,
    );
  }
  throw providerFailure(
    `${providerName} did not complete the sign-in (status ${answer.status}); please try again later`,
  );
}

/** A GET with the access token that must answer 200 with JSON of `schema`; a 502 otherwise. */
export async function fetchWithToken<S extends TSchema>(options: {
  http: ProviderHttp;
  log: Logger;
  providerName: string;
  url: string;
  accessToken: string;
  headers?: Record<string, string>;
  schema: S;
}): Promise<Static<S>> {
  const answer = await options.http.call(options.providerName, {
    url: options.url,
    headers: { authorization: `Bearer ${options.accessToken}`, ...options.headers },
  });
  if (answer.status === 200 && Check(options.schema, answer.body)) return answer.body;
  options.log.warn(
    { status: answer.status, url: options.url },
    `${options.providerName} answered an unexpected profile`,
  );
  throw providerFailure(`${options.providerName} did not share your profile; please try again later`);
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** Keeps what may be stored of a provider's profile: a valid email, a short name, an http(s) avatar. */
export function identityOf(
  providerName: string,
  profile: { subject: string; email: string | null; name: string | null; avatarUrl: string | null },
): ProviderIdentity {
  const email = profile.email === null ? null : normalizeEmail(profile.email);
  if (email === null || email.length > 254 || !EMAIL.test(email)) {
    throw forbidden(`Your ${providerName} account has no verified email address; verify one there and try again`);
  }
  let avatarUrl: string | null = null;
  if (profile.avatarUrl !== null && profile.avatarUrl.length <= 2048 && URL.canParse(profile.avatarUrl)) {
    const { protocol } = new URL(profile.avatarUrl);
    if (protocol === 'https:' || protocol === 'http:') avatarUrl = profile.avatarUrl;
  }
  return { subject: profile.subject, email, name: profile.name?.trim().slice(0, 120) || null, avatarUrl };
}
