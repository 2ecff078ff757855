import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Someone with an account at the fake provider. */
export interface FakePerson {
  /** GitHub's numeric id, or an OpenID Connect `sub`. */
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string;
  /** GitHub's login (the name falls back to it). */
  login?: string;
  picture?: string;
}

type Provider = 'github' | 'google' | 'oidc';

interface IssuedCode {
  provider: Provider;
  redirectUri: string;
  challenge: string;
  person: FakePerson;
  used: boolean;
}

export const FAKE_CLIENT_ID = 'plinth-client';
export const FAKE_CLIENT_SECRET = 'fake-client-secret';

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const formDecode = (value: string) => decodeURIComponent(value.replace(/\+/g, ' '));

/**
 * A real OAuth / OpenID Connect provider on 127.0.0.1 playing GitHub (`/login/oauth/*`,
 * `/api/user`, `/api/user/emails`) and two OIDC issuers (`/google`, `/oidc`: discovery, token,
 * userinfo). Its token endpoints check the client secret and the PKCE verifier against the
 * challenge given at authorization, and each code works once, as real providers do.
 * The browser step is `authorize(location, person)`: it checks the authorization URL Plinth
 * redirected to and returns the code the provider would send back.
 */
export async function startFakeProvider() {
  const codes = new Map<string, IssuedCode>();
  const tokens = new Map<string, { provider: Provider; person: FakePerson }>();
  /** One-off answers by path (with its query), used before the normal behaviour. */
  const overrides = new Map<string, { status: number; body: unknown }>();
  const requests: { method: string; path: string }[] = [];

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', base);
      requests.push({ method: req.method ?? '', path: url.pathname });
      const override = overrides.get(url.pathname);
      if (override) {
        overrides.delete(url.pathname);
        json(res, override.status, override.body);
        return;
      }
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const signedIn = bearer ? tokens.get(bearer) : undefined;
      const route = `${req.method} ${url.pathname}`;

      if (route === 'POST /login/oauth/access_token') {
        if (form.get('client_id') !== FAKE_CLIENT_ID || form.get('client_secret') !== FAKE_CLIENT_SECRET) {
          json(res, 200, {
            error: 'incorrect_client_credentials',
            error_description: 'The client_id and/or client_secret passed are incorrect.',
          });
          return;
        }
        const token = redeem('github', form);
        json(
          res,
          200,
          token
            ? { access_token: token, token_type: 'bearer', scope: 'read:user,user:email' }
            : { error: 'bad_verification_code' },
        );
        return;
      }
      if (route === 'GET /api/user' || route === 'GET /api/user/emails') {
        if (signedIn?.provider !== 'github') return json(res, 401, { message: 'Bad credentials' });
        const { person } = signedIn;
        if (route === 'GET /api/user/emails') {
          return json(res, 200, [
            { email: `old-${person.email}`, primary: false, verified: true, visibility: null },
            { email: person.email, primary: true, verified: person.emailVerified, visibility: 'public' },
          ]);
        }
        return json(res, 200, {
          id: Number(person.subject),
          login: person.login ?? `user${person.subject}`,
          name: person.name,
          avatar_url: person.picture ?? null,
        });
      }

      const issuer = /^\/(google|oidc)(\/.*)$/.exec(url.pathname);
      const provider = issuer?.[1] as 'google' | 'oidc' | undefined;
      const action = `${req.method} ${issuer?.[2] ?? ''}`;
      if (provider && action === 'GET /.well-known/openid-configuration') {
        const root = `${base}/${provider}`;
        return json(res, 200, {
          issuer: root,
          authorization_endpoint: `${root}/authorize?prompt=select_account`,
          token_endpoint: `${root}/token`,
          userinfo_endpoint: `${root}/userinfo`,
          token_endpoint_auth_methods_supported: ['client_secret_basic'],
          code_challenge_methods_supported: ['S256'],
        });
      }
      if (provider && action === 'POST /token') {
        const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
        const [id, secret] = Buffer.from(basic ?? '', 'base64')
          .toString('utf8')
          .split(':')
          .map(formDecode);
        if (id !== FAKE_CLIENT_ID || secret !== FAKE_CLIENT_SECRET || form.get('client_secret') !== null) {
          return json(res, 401, { error: 'invalid_client' });
        }
        if (form.get('grant_type') !== 'authorization_code') return json(res, 400, { error: 'unsupported_grant_type' });
        const token = redeem(provider, form);
        return token
          ? json(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 3600, id_token: 'unused' })
          : json(res, 400, { error: 'invalid_grant' });
      }
      if (provider && action === 'GET /userinfo') {
        if (signedIn?.provider !== provider) return json(res, 401, { error: 'invalid_token' });
        const { person } = signedIn;
        return json(res, 200, {
          sub: person.subject,
          email: person.email,
          // Some issuers send a string; Google sends a boolean.
          email_verified: provider === 'oidc' ? String(person.emailVerified) : person.emailVerified,
          name: person.name,
          ...(person.picture ? { picture: person.picture } : {}),
        });
      }
      json(res, 404, { error: 'not_found' });
    });
  });

  /** An access token for a code that was issued to this provider, unused, with a matching verifier. */
  function redeem(provider: Provider, form: URLSearchParams): string | null {
    const code = codes.get(form.get('code') ?? '');
    const verifier = form.get('code_verifier') ?? '';
    if (!code || code.used || code.provider !== provider) return null;
    code.used = true;
    if (code.redirectUri !== form.get('redirect_uri')) return null;
    if (createHash('sha256').update(verifier).digest('base64url') !== code.challenge) return null;
    const token = randomBytes(16).toString('hex');
    tokens.set(token, { provider, person: code.person });
    return token;
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const secrets = (prefix: string) => ({
    [`${prefix}_CLIENT_ID`]: FAKE_CLIENT_ID,
    [`${prefix}_CLIENT_SECRET`]: FAKE_CLIENT_SECRET,
  });

  return {
    url: base,
    requests,
    /** The environment that points Plinth's providers at this fake. */
    env: {
      ...secrets('GITHUB'),
      GITHUB_BASE_URL: base,
      GITHUB_API_URL: `${base}/api`,
      ...secrets('GOOGLE'),
      GOOGLE_ISSUER: `${base}/google`,
      ...secrets('OIDC'),
      OIDC_ISSUER: `${base}/oidc`,
      OIDC_NAME: 'Acme SSO',
      PLINTH_OAUTH_ALLOWED_HOSTS: '127.0.0.1',
    } as Record<string, string>,
    /**
     * The person signs in at the authorization URL Plinth redirected to; returns the code the
     * provider sends back (throws when the URL is not a valid authorization request).
     */
    authorize(location: string, person: FakePerson): string {
      const url = new URL(location);
      const provider: Provider =
        url.pathname === '/login/oauth/authorize' ? 'github' : (url.pathname.split('/')[1] as Provider);
      const params = url.searchParams;
      const redirectUri = params.get('redirect_uri');
      const challenge = params.get('code_challenge');
      if (params.get('client_id') !== FAKE_CLIENT_ID) throw new Error(`unknown client_id in ${location}`);
      if (!redirectUri || !challenge || !params.get('state')) throw new Error(`incomplete request ${location}`);
      if (params.get('code_challenge_method') !== 'S256') throw new Error(`PKCE S256 missing in ${location}`);
      if (provider !== 'github' && params.get('response_type') !== 'code')
        throw new Error(`not a code flow: ${location}`);
      const code = randomBytes(12).toString('hex');
      codes.set(code, { provider, redirectUri, challenge, person, used: false });
      return code;
    },
    /** The next request to `path` gets this answer instead. */
    answerOnce(path: string, status: number, body: unknown) {
      overrides.set(path, { status, body });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeProvider = Awaited<ReturnType<typeof startFakeProvider>>;
