import { type Static, Type } from 'typebox';
import { Check } from 'typebox/value';
import type { OAuthClientConfig } from '../../../config.js';
import type { Clock } from '../../../lib/clock.js';
import type { Logger } from '../../../lib/logger.js';
import { type ProviderAnswer, type ProviderHttp, providerFailure } from './provider-http.js';
import {
  accessTokenOf,
  fetchWithToken,
  identityOf,
  type ProviderIdentity,
  type SignInProvider,
  withQuery,
} from './sign-in-provider.js';

const SCOPE = 'openid email profile';
/** Issuers rarely move their endpoints; an hour keeps sign-in from fetching them every time. */
const DISCOVERY_TTL_MS = 3600_000;

const Discovery = Type.Object({
  issuer: Type.String(),
  authorization_endpoint: Type.String(),
  token_endpoint: Type.String(),
  userinfo_endpoint: Type.String(),
  token_endpoint_auth_methods_supported: Type.Optional(Type.Array(Type.String())),
});
type Discovery = Static<typeof Discovery>;

const UserInfo = Type.Object({
  sub: Type.String({ minLength: 1, maxLength: 255 }),
  email: Type.Optional(Type.String()),
  // Some issuers send the boolean as a string.
  email_verified: Type.Optional(Type.Union([Type.Boolean(), Type.String()])),
  name: Type.Optional(Type.String()),
  picture: Type.Optional(Type.String()),
});

const withoutTrailingSlash = (url: string): string => url.replace(/\/+$/, '');
const isHttpUrl = (value: string): boolean => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);
/** RFC 6749 §2.3.1: the client id and secret are form-encoded before they go into Basic. */
const formEncode = (value: string): string => encodeURIComponent(value).replace(/%20/g, '+');

/** The discovery document when it fits this issuer, else why not. */
function usableDiscovery(answer: ProviderAnswer, issuer: string): Discovery | string {
  if (answer.status !== 200 || !Check(Discovery, answer.body)) {
    return `status ${answer.status}, or not a discovery document`;
  }
  const document = answer.body;
  if (withoutTrailingSlash(document.issuer) !== issuer) return `it names another issuer, ${document.issuer}`;
  const endpoints = [document.authorization_endpoint, document.token_endpoint, document.userinfo_endpoint];
  if (!endpoints.every(isHttpUrl)) return 'an endpoint is not an http(s) URL';
  return document;
}

/**
 * An OpenID Connect provider (Google, or any issuer of OIDC_ISSUER), found through its discovery
 * document. The identity comes from the userinfo endpoint, called with the access token that the
 * token endpoint gave in exchange for the code and PKCE verifier; the email counts only when the
 * issuer says it verified it.
 */
export class OidcProvider implements SignInProvider {
  private discovered: { document: Discovery; until: number } | null = null;

  constructor(
    readonly id: 'google' | 'oidc',
    readonly name: string,
    private readonly config: OAuthClientConfig & { issuer: string },
    private readonly deps: { http: ProviderHttp; log: Logger; clock: Clock },
  ) {}

  /** The issuer's discovery document, fetched once an hour; a 502 when it is missing or wrong. */
  private async discovery(): Promise<Discovery> {
    const now = this.deps.clock().getTime();
    if (this.discovered && this.discovered.until > now) return this.discovered.document;
    const url = `${this.config.issuer}/.well-known/openid-configuration`;
    const answer = await this.deps.http.call(this.name, { url });
    const document = usableDiscovery(answer, this.config.issuer);
    if (typeof document === 'string') {
      this.deps.log.warn({ url, problem: document }, `${this.name} discovery document refused`);
      throw providerFailure(`${this.name} sign-in is not available right now; please try again later`);
    }
    this.discovered = { document, until: now + DISCOVERY_TTL_MS };
    return document;
  }

  async authorizationUrl(attempt: { state: string; codeChallenge: string; redirectUri: string }): Promise<string> {
    const { authorization_endpoint: endpoint } = await this.discovery();
    return withQuery(endpoint, {
      response_type: 'code',
      client_id: this.config.clientId,
      redirect_uri: attempt.redirectUri,
      scope: SCOPE,
      state: attempt.state,
      code_challenge: attempt.codeChallenge,
      code_challenge_method: 'S256',
    });
  }

  async identify(exchange: { code: string; codeVerifier: string; redirectUri: string }): Promise<ProviderIdentity> {
    const document = await this.discovery();
    const form: Record<string, string> = {
      grant_type: 'authorization_code',
      code: exchange.code,
      redirect_uri: exchange.redirectUri,
      code_verifier: exchange.codeVerifier,
      client_id: this.config.clientId,
    };
    const headers: Record<string, string> = {};
    // Basic is the default method of the spec; the secret goes in the form only for issuers that want it there.
    const methods = document.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
    if (!methods.includes('client_secret_basic') && methods.includes('client_secret_post')) {
      form.client_secret = this.config.clientSecret;
    } else {
      const credentials = `${formEncode(this.config.clientId)}:${formEncode(this.config.clientSecret)}`;
      headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
    }
    const answer = await this.deps.http.call(this.name, {
      url: document.token_endpoint,
      method: 'POST',
      headers,
      form,
    });
    const accessToken = accessTokenOf(this.name, answer, this.deps.log);
    const info = await fetchWithToken({
      ...this.deps,
      providerName: this.name,
      url: document.userinfo_endpoint,
      accessToken,
      schema: UserInfo,
    });
    const verified = info.email_verified === true || info.email_verified === 'true';
    return identityOf(this.name, {
      subject: info.sub,
      email: verified ? (info.email ?? null) : null,
      name: info.name ?? null,
      avatarUrl: info.picture ?? null,
    });
  }
}
