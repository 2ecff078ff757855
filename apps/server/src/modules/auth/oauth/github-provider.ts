import { Type } from 'typebox';
import type { OAuthConfig } from '../../../config.js';
import type { Logger } from '../../../lib/logger.js';
import type { ProviderHttp } from './provider-http.js';
import {
  accessTokenOf,
  fetchWithToken,
  identityOf,
  type ProviderIdentity,
  type SignInProvider,
  withQuery,
} from './sign-in-provider.js';

type GitHubConfig = NonNullable<OAuthConfig['github']>;

const NAME = 'GitHub';
const SCOPE = 'read:user user:email';
const API_HEADERS = { accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' };

const GitHubUser = Type.Object({
  id: Type.Integer(),
  login: Type.String(),
  name: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  avatar_url: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
const GitHubEmails = Type.Array(
  Type.Object({ email: Type.String(), primary: Type.Boolean(), verified: Type.Boolean() }),
);

/**
 * GitHub's OAuth app flow (github.com, or GitHub Enterprise through GITHUB_BASE_URL and
 * GITHUB_API_URL). The subject is the numeric user id, which survives renames; the email is the
 * primary one, and only when GitHub verified it.
 */
export class GitHubProvider implements SignInProvider {
  readonly id = 'github' as const;
  readonly name = NAME;

  constructor(
    private readonly config: GitHubConfig,
    private readonly deps: { http: ProviderHttp; log: Logger },
  ) {}

  async authorizationUrl(attempt: { state: string; codeChallenge: string; redirectUri: string }): Promise<string> {
    return withQuery(`${this.config.baseUrl}/login/oauth/authorize`, {
      client_id: this.config.clientId,
      redirect_uri: attempt.redirectUri,
      scope: SCOPE,
      state: attempt.state,
      code_challenge: attempt.codeChallenge,
      code_challenge_method: 'S256',
    });
  }

  async identify(exchange: { code: string; codeVerifier: string; redirectUri: string }): Promise<ProviderIdentity> {
    const answer = await this.deps.http.call(NAME, {
      url: `${this.config.baseUrl}/login/oauth/access_token`,
      method: 'POST',
      form: {
        client_id: this.config.clientId,
        client_secret: this.config.clientSecret,
        code: exchange.code,
        redirect_uri: exchange.redirectUri,
        code_verifier: exchange.codeVerifier,
      },
    });
    const accessToken = accessTokenOf(NAME, answer, this.deps.log);
    const read = { ...this.deps, providerName: NAME, accessToken, headers: API_HEADERS };
    const user = await fetchWithToken({
      ...read,
      url: `${this.config.apiUrl}/user`,
      schema: GitHubUser,
    });
    const emails = await fetchWithToken({
      ...read,
      url: `${this.config.apiUrl}/user/emails`,
      schema: GitHubEmails,
    });
    const primary = emails.find((entry) => entry.primary && entry.verified);
    return identityOf(NAME, {
      subject: String(user.id),
      email: primary?.email ?? null,
      name: user.name || user.login,
      avatarUrl: user.avatar_url ?? null,
    });
  }
}
