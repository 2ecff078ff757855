import dns from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DnsLookup } from '../apps/server/src/lib/safe-http.js';
import { createCollection, createDocument, createProject, uploadAsset } from '../apps/server/src/test/content.js';
import { multipart } from '../apps/server/src/test/media.js';
import { type FakeProvider, startFakeProvider } from '../apps/server/src/test/oauth.js';
import { eventually } from '../apps/server/src/test/webhooks.js';
import { type Answer, attack, errorCode, newUser, report, type Session, startTarget, type Target } from './harness.js';

// SSRF: every way a caller can make the server open a connection to an address of its choice.
// Webhooks are the one user-controlled outbound URL; sign-in providers, collection preview URLs
// and media are checked to fetch nothing a caller names. A canary HTTP server on 127.0.0.1 records
// every hit: a refusal is not enough, no request may reach it.

interface Listener {
  port: number;
  hits: { method: string; url: string; host: string }[];
  close(): Promise<void>;
}

/** A local HTTP server recording every request; `answer` decides the reply (200 by default). */
async function listen(
  answer: (req: http.IncomingMessage, res: http.ServerResponse) => void = (_req, res) => res.end('ok'),
) {
  const hits: Listener['hits'] = [];
  const server = http.createServer((req, res) => {
    hits.push({ method: req.method ?? '', url: req.url ?? '', host: req.headers.host ?? '' });
    req.resume();
    answer(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  } satisfies Listener;
}

const PUBLIC = '93.184.216.34';
/** How many times each name was resolved (rebinding answers depend on it). */
const lookups = new Map<string, number>();

/**
 * The DNS the target sees: names an attacker controls, resolving as the case needs; anything
 * else goes to the system resolver (`localhost` is 127.0.0.1).
 */
const fakeDns: DnsLookup = async (hostname, options) => {
  const count = (lookups.get(hostname) ?? 0) + 1;
  lookups.set(hostname, count);
  const v4 = (address: string) => [{ address, family: 4 }];
  switch (hostname) {
    case 'public.example':
      return v4(PUBLIC);
    case 'internal.example':
      return v4('10.0.0.5');
    case 'loopback.example':
      return v4('127.0.0.1');
    case 'metadata.example':
      return v4('169.254.169.254');
    case 'mixed.example':
      return [...v4(PUBLIC), ...v4('127.0.0.1')];
    case 'mapped.example':
      return [{ address: '::ffff:127.0.0.1', family: 6 }];
    // Public when the URL is saved, loopback at every later lookup.
    case 'rebind.example':
      return v4(count === 1 ? PUBLIC : '127.0.0.1');
    // Public for the first two lookups (saving, then the delivery's check), loopback afterwards:
    // a client that resolved again to connect would land on the canary.
    case 'rebind-late.example':
      return v4(count <= 2 ? PUBLIC : '127.0.0.1');
    case 'redirector.test':
    case 'redirector.test.evil.example':
    case 'evilredirector.test':
      return v4('127.0.0.1');
    default:
      return dns.promises.lookup(hostname, options);
  }
};

describe('SSRF: outbound requests never reach private addresses', () => {
  let target: Target;
  let canary: Listener;
  let redirector: Listener;
  let owner: Session;
  let projectId: string;

  const hooks = () => `/api/v1/projects/${projectId}/webhooks`;
  const storedUrls = async () => {
    const rows = await target.database.db.selectFrom('webhooks').select('url').execute();
    return rows.map((row) => row.url);
  };

  /** A create that must be refused: 400 VALIDATION_FAILED on `url`, nothing stored. */
  const expectRefusedCreate = async (url: string, tried: string) => {
    const before = await storedUrls();
    const answer = await attack(target, tried, {
      method: 'POST',
      path: hooks(),
      as: owner,
      body: { url, events: ['*'] },
    });
    expect(answer.status).toBe(400);
    expect(errorCode(answer)).toBe('VALIDATION_FAILED');
    expect((answer.json as { details?: { path: string }[] }).details?.[0]?.path).toBe('url');
    expect(await storedUrls()).toEqual(before);
  };

  /** Sends the webhook's test ping and waits for its one attempt to be logged. */
  const ping = async (webhookId: string, tried: string) => {
    const sent = await attack(target, tried, { method: 'POST', path: `${hooks()}/${webhookId}/test`, as: owner });
    expect(sent.status).toBe(202);
    const deliveryId = (sent.json as { data: { id: string } }).data.id;
    return eventually(async () => {
      const answer = await attack(target, 'read the delivery log of the ping', {
        path: `${hooks()}/${webhookId}/deliveries/${deliveryId}`,
        as: owner,
      });
      const delivery = (
        answer.json as {
          data: {
            status: string;
            attempts: { success: boolean; error: string | null; response: { status: number } | null }[];
          };
        }
      ).data;
      return delivery.status !== 'pending' && delivery.attempts.length > 0 ? delivery : undefined;
    }, 15_000);
  };

  beforeAll(async () => {
    canary = await listen();
    // Redirects from an allowed host: into the metadata address, the canary, or another port of
    // the allowed host itself. Any other path is a plain 200 (the receiver works).
    redirector = await listen((req, res) => {
      const to: Record<string, string> = {
        '/to-metadata': 'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
        '/to-canary': `http://127.0.0.1:${canary.port}/redirected`,
        '/to-allowed': `http://redirector.test:${canary.port}/redirected`,
      };
      const location = to[req.url ?? ''];
      if (location) {
        res.writeHead(req.url === '/to-allowed' ? 307 : 302, { location });
        res.end();
      } else res.end('ok');
    });
    target = await startTarget({
      env: { PLINTH_WEBHOOK_ALLOWED_HOSTS: 'redirector.test' },
      dnsLookup: fakeDns,
      webhookJob: { timeoutMs: 1500, retryDelaysMs: [60_000], maxAttempts: 1 },
    });
    owner = await newUser(target, 'Owner');
    projectId = await createProject(target.app, owner);
  });

  afterAll(async () => {
    await target?.close();
    await canary?.close();
    await redirector?.close();
  });

  const literals = () => [
    ['loopback', `http://127.0.0.1:${canary.port}/`],
    ['localhost', `http://localhost:${canary.port}/`],
    ['localhost with a trailing dot', `http://localhost.:${canary.port}/`],
    ['the unspecified address 0.0.0.0', `http://0.0.0.0:${canary.port}/`],
    ['0 (0.0.0.0 written short)', `http://0:${canary.port}/`],
    ['IPv6 loopback', `http://[::1]:${canary.port}/`],
    ['IPv6 unspecified', `http://[::]:${canary.port}/`],
    ['IPv4-mapped IPv6 loopback', `http://[::ffff:127.0.0.1]:${canary.port}/`],
    ['IPv4-mapped IPv6 loopback, long form', `http://[0:0:0:0:0:ffff:7f00:1]:${canary.port}/`],
    ['NAT64 loopback', `http://[64:ff9b::7f00:1]:${canary.port}/`],
    ['6to4 loopback', `http://[2002:7f00:1::]:${canary.port}/`],
    ['decimal loopback', `http://2130706433:${canary.port}/`],
    ['octal loopback', `http://0177.0.0.1:${canary.port}/`],
    ['hex loopback', `http://0x7f.0.0.1:${canary.port}/`],
    ['short loopback 127.1', `http://127.1:${canary.port}/`],
    ['percent-encoded loopback', `http://127.0.0.%31:${canary.port}/`],
    ['cloud metadata', 'http://169.254.169.254/latest/meta-data/'],
    ['AWS ECS metadata', 'http://169.254.170.2/v2/credentials'],
    ['10/8', 'http://10.0.0.1/'],
    ['172.16/12', 'http://172.16.0.1/'],
    ['192.168/16', 'http://192.168.1.1/'],
    ['carrier-grade NAT', 'http://100.64.0.1/'],
    ['IPv6 unique local fc00::/7', 'http://[fc00::1]/'],
    ['IPv6 unique local fd00::', 'http://[fd12:3456::1]/'],
    ['IPv6 link-local', 'http://[fe80::1]/'],
    ['a name resolving to loopback', `http://loopback.example:${canary.port}/`],
    ['a name resolving to 10.0.0.5', 'http://internal.example/'],
    ['a name resolving to cloud metadata', 'http://metadata.example/latest/meta-data/'],
    ['a name resolving to a public and a loopback address', `http://mixed.example:${canary.port}/`],
    ['a name resolving to IPv4-mapped loopback', `http://mapped.example:${canary.port}/`],
    ['credentials naming a public host before a loopback host', `http://public.example@127.0.0.1:${canary.port}/`],
    ['credentials before IPv6 loopback', `http://user:pass@[::1]:${canary.port}/`],
    ['a subdomain of an allowed host', `http://redirector.test.evil.example:${canary.port}/`],
    ['a name ending like an allowed host', `http://evilredirector.test:${canary.port}/`],
  ];

  it('CWE-918 webhook create: loopback, private, link-local and metadata addresses in every spelling are refused', async () => {
    for (const [what, url] of literals()) {
      await expectRefusedCreate(url as string, `create a webhook to ${what}: ${url}`);
    }
    expect(canary.hits).toEqual([]);
  });

  it('CWE-918 webhook create: non-http schemes (file, gopher, ftp, data, javascript) are refused', async () => {
    for (const url of [
      'file:///etc/passwd',
      `gopher://127.0.0.1:${canary.port}/_GET%20/%20HTTP/1.0`,
      'ftp://public.example/file',
      'data:text/plain,hello',
      'javascript:alert(1)',
      `dict://127.0.0.1:${canary.port}/info`,
      `//127.0.0.1:${canary.port}/`,
    ]) {
      await expectRefusedCreate(url, `create a webhook with the scheme of ${url}`);
    }
    expect(canary.hits).toEqual([]);
  });

  it('CWE-918 webhook update: a saved public URL cannot be changed into a private one', async () => {
    const created = await attack(target, 'create a webhook to a public host (the control)', {
      method: 'POST',
      path: hooks(),
      as: owner,
      body: { url: 'http://public.example/hook', events: ['*'], active: false },
    });
    expect(created.status).toBe(201);
    const id = (created.json as { data: { id: string } }).data.id;
    for (const [what, url] of literals()) {
      const answer = await attack(target, `PATCH the webhook's url to ${what}`, {
        method: 'PATCH',
        path: `${hooks()}/${id}`,
        as: owner,
        body: { url },
      });
      expect(answer.status).toBe(400);
      expect(errorCode(answer)).toBe('VALIDATION_FAILED');
    }
    const stored = await attack(target, 'read the webhook back', { path: `${hooks()}/${id}`, as: owner });
    expect((stored.json as { data: { url: string } }).data.url).toBe('http://public.example/hook');
    expect(canary.hits).toEqual([]);
  });

  it('CWE-918 + CWE-350 DNS rebinding: a name public when saved and loopback at delivery is refused at connect time', async () => {
    const created = await attack(target, 'create a webhook to rebind.example (public at this lookup)', {
      method: 'POST',
      path: hooks(),
      as: owner,
      body: { url: `http://rebind.example:${canary.port}/hook`, events: ['*'], active: false },
    });
    expect(created.status).toBe(201);
    const id = (created.json as { data: { id: string } }).data.id;
    const delivery = await ping(id, 'test the webhook once the name resolves to 127.0.0.1');
    report('the ping attempt to a rebound name', JSON.stringify(delivery.attempts));
    expect(delivery.status).toBe('failed');
    expect(delivery.attempts).toHaveLength(1);
    expect(delivery.attempts[0]?.success).toBe(false);
    expect(delivery.attempts[0]?.response).toBeNull();
    expect(delivery.attempts[0]?.error).toMatch(
      /^Refused: rebind\.example resolves to 127\.0\.0\.1, a loopback address/,
    );
    expect(canary.hits).toEqual([]);
  });

  it('CWE-918 + CWE-367 DNS rebinding: the connection uses the address that was checked, not a second lookup', async () => {
    const created = await attack(target, 'create a webhook to rebind-late.example', {
      method: 'POST',
      path: hooks(),
      as: owner,
      body: { url: `http://rebind-late.example:${canary.port}/hook`, events: ['*'], active: false },
    });
    expect(created.status).toBe(201);
    const id = (created.json as { data: { id: string } }).data.id;
    const delivery = await ping(id, 'test the webhook: its check sees a public address, any later lookup loopback');
    report('the ping attempt', JSON.stringify(delivery.attempts));
    // The one lookup of the delivery was checked and used: the public address (unreachable here).
    expect(lookups.get('rebind-late.example')).toBe(2);
    expect(delivery.attempts[0]?.success).toBe(false);
    expect(delivery.attempts[0]?.error).toMatch(/93\.184\.216\.34|^Timed out/);
    expect(canary.hits).toEqual([]);
  });

  it('CWE-601 → CWE-918 redirects: an allowed host answering 302/307 into metadata, loopback or another port is never followed', async () => {
    const before = redirector.hits.length;
    for (const path of ['/to-metadata', '/to-canary', '/to-allowed']) {
      const created = await attack(target, `create a webhook to the allowed redirector${path}`, {
        method: 'POST',
        path: hooks(),
        as: owner,
        body: { url: `http://redirector.test:${redirector.port}${path}`, events: ['*'], active: false },
      });
      expect(created.status).toBe(201);
      const id = (created.json as { data: { id: string } }).data.id;
      const delivery = await ping(id, `test the webhook whose receiver redirects (${path})`);
      report(`the ping to ${path}`, JSON.stringify(delivery.attempts.map((a) => [a.response?.status, a.error])));
      // The 3xx is the answer: logged, a failure, and its Location is not fetched.
      expect(delivery.status).toBe('failed');
      expect(delivery.attempts).toHaveLength(1);
      expect(delivery.attempts[0]?.response?.status).toBe(path === '/to-allowed' ? 307 : 302);
    }
    // The receiver itself was reached (the allow-list works), the redirect targets never were.
    expect(redirector.hits.slice(before).map((hit) => hit.url)).toEqual(['/to-metadata', '/to-canary', '/to-allowed']);
    expect(canary.hits).toEqual([]);
  });

  it('CWE-918 document events: a change delivered to every webhook of the project reaches no private address', async () => {
    await createCollection(target.app, owner, projectId, {
      slug: 'notes',
      name: 'Notes',
      fields: [{ name: 'title', type: 'text' }],
    });
    const active = await attack(target, 'turn on every saved webhook (rebinding ones included)', {
      path: `${hooks()}?limit=100`,
      as: owner,
    });
    for (const hook of (active.json as { data: { id: string }[] }).data) {
      const answer = await attack(target, 'activate a webhook', {
        method: 'PATCH',
        path: `${hooks()}/${hook.id}`,
        as: owner,
        body: { active: true },
      });
      expect(answer.status).toBe(200);
    }
    await createDocument(target.app, owner, projectId, 'notes', { data: { title: 'Hello' } });
    // Every delivery of the change was attempted (each webhook has one attempt at most here).
    await eventually(async () => {
      const rows = await target.database.db
        .selectFrom('webhook_deliveries')
        .select(['status'])
        .where('event', '=', 'document.created')
        .execute();
      return rows.length > 0 && rows.every((row) => row.status !== 'pending') ? rows : undefined;
    }, 20_000);
    report('a document was created with every webhook on', `canary hits: ${canary.hits.length}`);
    expect(canary.hits).toEqual([]);
  });

  it('CWE-918 media import: there is no fetch-from-URL; a url field on upload or update is refused and fetches nothing', async () => {
    const { payload, headers } = multipart([{ name: 'url', value: `http://127.0.0.1:${canary.port}/secret.png` }]);
    const upload = await attack(target, 'upload "from a URL": a url field instead of a file', {
      method: 'POST',
      path: `/api/v1/projects/${projectId}/media`,
      as: owner,
      headers,
      body: payload,
    });
    expect(upload.status).toBe(400);
    expect(errorCode(upload)).toBe('VALIDATION_FAILED');
    const assetId = await uploadAsset(target.app, owner, projectId);
    const patched = await attack(target, 'PATCH an asset with a url to import', {
      method: 'PATCH',
      path: `/api/v1/projects/${projectId}/media/${assetId}`,
      as: owner,
      body: { url: `http://127.0.0.1:${canary.port}/secret.png` },
    });
    expect(patched.status).toBe(400);
    expect(errorCode(patched)).toBe('VALIDATION_FAILED');
    expect(canary.hits).toEqual([]);
  });

  it('CWE-918 collection preview_url: a preview URL on a private address is only filled in, never fetched', async () => {
    await createCollection(target.app, owner, projectId, {
      slug: 'pages',
      name: 'Pages',
      fields: [{ name: 'slug', type: 'text' }],
      preview_url: `http://127.0.0.1:${canary.port}/preview/{slug}`,
    });
    const document = await createDocument(target.app, owner, projectId, 'pages', { data: { slug: 'home' } });
    const answer = await attack(target, 'make a preview token for a collection whose preview_url is the canary', {
      method: 'POST',
      path: `/api/v1/projects/${projectId}/collections/pages/documents/${document.id}/preview-token`,
      as: owner,
      body: {},
    });
    expect(answer.status).toBe(201);
    expect((answer.json as { data: { url: string } }).data.url).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:${canary.port}/preview/home\\?plinth_preview=plp_`),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(canary.hits).toEqual([]);
  });
});

describe('SSRF: sign-in providers fetch only the operator-configured issuer', () => {
  let target: Target;
  let canary: Listener;
  let provider: FakeProvider;

  beforeAll(async () => {
    canary = await listen();
    provider = await startFakeProvider();
    // 127.0.0.1 is allowed for providers (the fake issuer lives there): the canary on another
    // port of 127.0.0.1 passes the address rules, so only the design keeps it from being called.
    target = await startTarget({ env: { ...provider.env, PUBLIC_URL: 'http://plinth.test' } });
  });
  afterAll(async () => {
    await target?.close();
    await provider?.close();
    await canary?.close();
  });

  it('CWE-918 OIDC callback: an attacker-chosen iss, issuer or redirect_uri makes the server fetch nothing of theirs', async () => {
    const evil = `http://127.0.0.1:${canary.port}`;
    const answers: Answer[] = [];
    answers.push(
      await attack(target, 'start OIDC sign-in with a redirect_uri on the canary', {
        path: `/api/v1/auth/oauth/oidc/start?redirect_uri=${encodeURIComponent(`${evil}/auth/oidc/callback`)}`,
      }),
    );
    const started = await attack(target, 'start OIDC sign-in normally', {
      path: `/api/v1/auth/oauth/oidc/start?redirect_uri=${encodeURIComponent('http://plinth.test/auth/oidc/callback')}`,
    });
    expect(started.status).toBe(302);
    const location = String(started.headers.location);
    expect(location.startsWith(`${provider.url}/oidc/authorize`)).toBe(true);
    const state = new URL(location).searchParams.get('state') ?? '';
    for (const extra of [
      { iss: `${evil}/oidc` },
      { issuer: `${evil}/oidc` },
      { redirect_uri: `${evil}/auth/oidc/callback` },
      { token_endpoint: `${evil}/token` },
    ]) {
      answers.push(
        await attack(target, `finish OIDC sign-in with ${Object.keys(extra)[0]} naming the canary`, {
          method: 'POST',
          path: '/api/v1/auth/oauth/oidc/callback',
          body: { code: 'attacker-code', state, ...extra },
        }),
      );
    }
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(errorCode(answer)).toBe('VALIDATION_FAILED');
    }
    // A well-formed callback with a bogus code talks to the configured issuer, and only to it.
    const requestsBefore = provider.requests.length;
    const bogus = await attack(target, 'finish OIDC sign-in with the state and a code the issuer never gave', {
      method: 'POST',
      path: '/api/v1/auth/oauth/oidc/callback',
      body: { code: 'attacker-code', state },
    });
    // The issuer answers invalid_grant: the code was not accepted.
    expect(bogus.status).toBe(400);
    expect(errorCode(bogus)).toBe('VALIDATION_FAILED');
    expect(provider.requests.slice(requestsBefore).map((r) => r.path)).toEqual(['/oidc/token']);
    expect(canary.hits).toEqual([]);
  });
});
