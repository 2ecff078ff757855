import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import {
  isHostAllowed,
  OutboundTimeoutError,
  RefusedUrlError,
  refusedAddressReason,
  SafeHttpClient,
} from './safe-http.js';

const servers: http.Server[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A server on 127.0.0.1 that counts requests and answers with `handler`. */
async function serve(handler: http.RequestListener) {
  const hits: http.IncomingMessage[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req);
    handler(req, res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, hits };
}

describe('refusedAddressReason', () => {
  it.each([
    ['127.0.0.1', 'a loopback address'],
    ['127.8.9.10', 'a loopback address'],
    ['10.0.0.1', 'a private address'],
    ['172.16.5.4', 'a private address'],
    ['172.31.255.255', 'a private address'],
    ['192.168.1.1', 'a private address'],
    ['169.254.169.254', 'a cloud metadata address'],
    ['169.254.170.2', 'a cloud metadata address'],
    ['168.63.129.16', 'a cloud metadata address'],
    ['100.100.100.200', 'a cloud metadata address'],
    ['169.254.1.1', 'a link-local address'],
    ['100.64.0.1', 'a shared (carrier-grade NAT) address'],
    ['0.0.0.0', 'an unspecified address'],
    ['224.0.0.1', 'a multicast address'],
    ['255.255.255.255', 'a broadcast address'],
    ['192.0.2.1', 'a reserved address'],
    ['::1', 'a loopback address'],
    ['::', 'an unspecified address'],
    ['fe80::1', 'a link-local address'],
    ['fc00::1', 'a private address'],
    ['fd12:3456::1', 'a private address'],
    ['ff02::1', 'a multicast address'],
    ['fd00:ec2::254', 'a cloud metadata address'],
    ['::ffff:127.0.0.1', 'a loopback address'],
    ['::ffff:7f00:1', 'a loopback address'],
    ['::ffff:10.0.0.1', 'a private address'],
    ['::ffff:169.254.169.254', 'a cloud metadata address'],
    ['64:ff9b::a00:1', 'a private address'],
    ['2002:7f00:1::1', 'a loopback address'],
    ['::7f00:1', 'a reserved address'],
    ['not-an-ip', 'not a valid IP address'],
  ])('%s is %s', (address, reason) => {
    expect(refusedAddressReason(address)).toBe(reason);
  });

  it.each(['8.8.8.8', '1.1.1.1', '93.184.216.34', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    '%s is public',
    (address) => {
      expect(refusedAddressReason(address)).toBeNull();
    },
  );
});

describe('isHostAllowed', () => {
  it('matches names exactly (any case, trailing dot), subdomains with *., and IP literals in any notation', () => {
    expect(isHostAllowed('Hooks.Internal.', ['hooks.internal'])).toBe(true);
    expect(isHostAllowed('evil-hooks.internal', ['hooks.internal'])).toBe(false);
    expect(isHostAllowed('a.b.corp.example', ['*.corp.example'])).toBe(true);
    expect(isHostAllowed('corp.example', ['*.corp.example'])).toBe(false);
    expect(isHostAllowed('[0:0:0:0:0:0:0:1]', ['::1'])).toBe(true);
    expect(isHostAllowed('127.0.0.1', ['localhost'])).toBe(false);
  });
});

describe('PLINTH_WEBHOOK_ALLOWED_HOSTS', () => {
  it('is read as a list of hosts', () => {
    const config = loadConfig({ PLINTH_WEBHOOK_ALLOWED_HOSTS: ' 127.0.0.1, Hooks.Internal ,[::1],*.corp.example' });
    expect(config.webhookAllowedHosts).toEqual(['127.0.0.1', 'hooks.internal', '::1', '*.corp.example']);
    expect(loadConfig({}).webhookAllowedHosts).toEqual([]);
  });

  it('refuses a value that is not a list of hosts, naming the variable', () => {
    expect(() => loadConfig({ PLINTH_WEBHOOK_ALLOWED_HOSTS: 'http://x.example/path' })).toThrow(
      /^Invalid configuration: PLINTH_WEBHOOK_ALLOWED_HOSTS must be a comma-separated list/,
    );
    expect(() => loadConfig({ PLINTH_WEBHOOK_ALLOWED_HOSTS: 'a.example,,b.example' })).toThrow(
      /PLINTH_WEBHOOK_ALLOWED_HOSTS/,
    );
  });
});

describe('SafeHttpClient.checkUrl', () => {
  const client = new SafeHttpClient({ allowedHosts: [] });

  it.each([
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254 is a cloud metadata address'],
    ['http://10.0.0.1/hook', '10.0.0.1 is a private address'],
    ['http://[::1]:8080/hook', '::1 is a loopback address'],
    ['http://localhost:3000/hook', 'localhost resolves to'],
    ['http://2130706433/', '127.0.0.1 is a loopback address'],
    ['http://0x7f.0.0.1/', '127.0.0.1 is a loopback address'],
    ['http://[::ffff:7f00:1]/', 'is a loopback address'],
    ['http://100.64.1.1/', 'carrier-grade NAT'],
    ['ftp://example.com/', 'must start with http:// or https://'],
    ['not a url', 'not a valid URL'],
  ])('refuses %s', async (url, message) => {
    const error = await client.checkUrl(url).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RefusedUrlError);
    expect((error as Error).message).toContain(message);
  });

  it('says which address a name resolved to', async () => {
    const fake = new SafeHttpClient({
      allowedHosts: [],
      lookup: async () => [{ address: '10.1.2.3', family: 4 }],
    });
    await expect(fake.checkUrl('https://intranet.example/hook')).rejects.toThrow(
      'intranet.example resolves to 10.1.2.3, a private address',
    );
  });

  it('refuses a name when any of its addresses is private', async () => {
    const fake = new SafeHttpClient({
      allowedHosts: [],
      lookup: async () => [
        { address: '93.184.216.34', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ],
    });
    await expect(fake.checkUrl('https://mixed.example/')).rejects.toThrow('resolves to 127.0.0.1');
  });

  it('accepts public addresses and allow-listed hosts', async () => {
    const fake = new SafeHttpClient({
      allowedHosts: ['127.0.0.1', 'hooks.internal'],
      lookup: async () => [{ address: '10.0.0.7', family: 4 }],
    });
    await expect(fake.checkUrl('http://127.0.0.1:9999/x')).resolves.toBeInstanceOf(URL);
    await expect(fake.checkUrl('http://hooks.internal/x')).resolves.toBeInstanceOf(URL);
    await expect(client.checkUrl('https://93.184.216.34/hook')).resolves.toBeInstanceOf(URL);
  });
});

describe('SafeHttpClient.request', () => {
  it('checks the address again at connect time: a name that rebinds to 127.0.0.1 is refused', async () => {
    const target = await serve((_req, res) => res.end('should never be reached'));
    const answers = [[{ address: '93.184.216.34', family: 4 }], [{ address: '127.0.0.1', family: 4 }]];
    const client = new SafeHttpClient({ allowedHosts: [], lookup: async () => answers.shift() ?? [] });
    await client.checkUrl(`http://rebind.example:${target.port}/`);
    const error = await client
      .request({ url: `http://rebind.example:${target.port}/`, method: 'POST', body: '{}' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RefusedUrlError);
    expect((error as Error).message).toBe('rebind.example resolves to 127.0.0.1, a loopback address');
    expect(target.hits).toHaveLength(0);
  });

  it('refuses IP literals before connecting (sockets skip the lookup for them)', async () => {
    const target = await serve((_req, res) => res.end('no'));
    const client = new SafeHttpClient({ allowedHosts: [] });
    await expect(client.request({ url: `http://127.0.0.1:${target.port}/` })).rejects.toThrow(
      '127.0.0.1 is a loopback address',
    );
    await expect(client.request({ url: `http://[::ffff:127.0.0.1]:${target.port}/` })).rejects.toThrow(
      'is a loopback address',
    );
    expect(target.hits).toHaveLength(0);
  });

  it('connects through its own lookup: an allow-listed name reaches the address it resolves to', async () => {
    const target = await serve((req, res) => {
      res.writeHead(201, { 'x-answer': 'yes' });
      res.end(`host=${req.headers.host}`);
    });
    const client = new SafeHttpClient({
      allowedHosts: ['hooks.internal'],
      lookup: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    const answer = await client.request({
      url: `http://hooks.internal:${target.port}/in`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":1}',
    });
    expect(answer.status).toBe(201);
    expect(answer.headers['x-answer']).toBe('yes');
    expect(answer.body).toBe(`host=hooks.internal:${target.port}`);
    expect(answer.truncated).toBe(false);
    expect(answer.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('never follows redirects: the 3xx is the answer', async () => {
    const elsewhere = await serve((_req, res) => res.end('followed'));
    const target = await serve((_req, res) => {
      res.writeHead(302, { location: `http://127.0.0.1:${elsewhere.port}/` });
      res.end();
    });
    const client = new SafeHttpClient({ allowedHosts: ['127.0.0.1'] });
    const answer = await client.request({ url: `http://127.0.0.1:${target.port}/`, method: 'POST', body: '{}' });
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe(`http://127.0.0.1:${elsewhere.port}/`);
    expect(elsewhere.hits).toHaveLength(0);
  });

  it('keeps only the first 4 KB of the answer', async () => {
    const target = await serve((_req, res) => res.end('x'.repeat(100_000)));
    const client = new SafeHttpClient({ allowedHosts: ['127.0.0.1'] });
    const answer = await client.request({ url: `http://127.0.0.1:${target.port}/` });
    expect(answer.body).toHaveLength(4096);
    expect(answer.truncated).toBe(true);
  });

  it('gives up after the timeout', async () => {
    const target = await serve(() => {
      // Never answers.
    });
    const client = new SafeHttpClient({ allowedHosts: ['127.0.0.1'] });
    const started = Date.now();
    const error = await client
      .request({ url: `http://127.0.0.1:${target.port}/`, timeoutMs: 200 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutboundTimeoutError);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
