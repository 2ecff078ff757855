import dns, { type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/*
 * The one outbound HTTP client (DESIGN.md rule 3). Every outbound call (webhooks, sign-in
 * providers, and AI later) goes through here, so no request can reach loopback, private,
 * link-local or cloud-metadata addresses unless an operator allowed the host. The check runs at
 * connect time, inside the socket's DNS lookup, so a name that resolves to a public address
 * when saved and to 127.0.0.1 later (DNS rebinding) is still refused. Redirects are never
 * followed: a 3xx is returned to the caller as it is.
 */

export const DEFAULT_TIMEOUT_MS = 10_000;
/** How much of an answer's body is kept (for delivery logs). */
export const MAX_LOGGED_BODY_BYTES = 4096;

/** Well-known cloud metadata endpoints, refused even where their range would pass. */
const METADATA_ADDRESSES = new Set(
  [
    '169.254.169.254', // AWS, GCP, Azure, OpenStack, Oracle
    '169.254.170.2', // AWS ECS task metadata
    '168.63.129.16', // Azure wire server (a public range)
    '100.100.100.200', // Alibaba Cloud
    '192.0.0.192', // Oracle Cloud (legacy)
    'fd00:ec2::254', // AWS IPv6
  ].map((address) => ipaddr.parse(address).toNormalizedString()),
);

const RANGE_REASONS: Record<string, string> = {
  loopback: 'a loopback address',
  private: 'a private address',
  uniqueLocal: 'a private address',
  linkLocal: 'a link-local address',
  multicast: 'a multicast address',
  unspecified: 'an unspecified address',
  broadcast: 'a broadcast address',
  carrierGradeNat: 'a shared (carrier-grade NAT) address',
};

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/** The IPv4 address carried inside an IPv6 one (mapped, NAT64, 6to4), if any. */
function embeddedIPv4(ip: ipaddr.IPv6): ipaddr.IPv4 | null {
  if (ip.isIPv4MappedAddress()) return ip.toIPv4Address();
  const parts = ip.toByteArray();
  const range = ip.range();
  if (range === 'rfc6145' || (range === 'rfc6052' && ip.parts[2] === 0)) return new ipaddr.IPv4(parts.slice(12, 16));
  if (range === '6to4') return new ipaddr.IPv4(parts.slice(2, 6));
  return null;
}

/**
 * Why an address may not be called, or null when it is an ordinary public address.
 * @example refusedAddressReason('10.0.0.1') // 'a private address'
 */
export function refusedAddressReason(address: string): string | null {
  if (!ipaddr.isValid(address)) return 'not a valid IP address';
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6') {
    const inner = embeddedIPv4(ip as ipaddr.IPv6);
    if (inner) ip = inner;
  }
  if (METADATA_ADDRESSES.has(ip.toNormalizedString())) return 'a cloud metadata address';
  const range = ip.range();
  if (range !== 'unicast') return RANGE_REASONS[range] ?? 'a reserved address';
  // ipaddr calls every unlisted IPv6 address unicast; only 2000::/3 is globally routed.
  if (ip.kind() === 'ipv6' && !(ip as ipaddr.IPv6).match(GLOBAL_UNICAST_V6)) return 'a reserved address';
  return null;
}

/** A host as compared with the allow-list: lower case, no brackets, no trailing dot. */
export const normalizeHost = (host: string): string =>
  host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');

/**
 * Whether an operator exempted this host (PLINTH_WEBHOOK_ALLOWED_HOSTS, PLINTH_OAUTH_ALLOWED_HOSTS):
 * exact names or IP literals, and `*.example.com` for any subdomain of example.com.
 */
export function isHostAllowed(host: string, allowedHosts: readonly string[]): boolean {
  const name = normalizeHost(host);
  return allowedHosts.some((entry) => {
    const allowed = normalizeHost(entry);
    if (allowed.startsWith('*.')) return name.endsWith(allowed.slice(1));
    if (ipaddr.isValid(allowed) && ipaddr.isValid(name)) {
      return ipaddr.parse(allowed).toNormalizedString() === ipaddr.parse(name).toNormalizedString();
    }
    return allowed === name;
  });
}

/** A URL or address that the client will not call; `message` is a sentence for people. */
export class RefusedUrlError extends Error {
  readonly code = 'ERR_PLINTH_REFUSED_URL';
}

export class OutboundTimeoutError extends Error {
  readonly code = 'ERR_PLINTH_TIMEOUT';
}

/** Resolves a host name to every address it has (`dns.promises.lookup` with `all: true`). */
export type DnsLookup = (hostname: string, options: dns.LookupAllOptions) => Promise<LookupAddress[]>;

const systemLookup: DnsLookup = (hostname, options) => dns.promises.lookup(hostname, options);

export interface SafeHttpOptions {
  /** Hosts exempt from the address checks: each use has its own list (PLINTH_*_ALLOWED_HOSTS). */
  allowedHosts: readonly string[];
  /** Replaces DNS (tests simulate names that resolve, or rebind, to private addresses). */
  lookup?: DnsLookup;
}

export interface OutboundRequest {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  body?: string;
  /** The whole exchange (connect, answer, first bytes of the body); default 10 s. */
  timeoutMs?: number;
  /** How much of the answer's body to keep; default 4 KB. The rest is never read. */
  maxBodyBytes?: number;
}

export interface OutboundResponse {
  status: number;
  headers: Record<string, string>;
  /** The first `maxBodyBytes` of the body, as UTF-8 text. */
  body: string;
  truncated: boolean;
  durationMs: number;
}

/**
 * The outbound HTTP client. Build one per process from the configuration.
 * @example
 * const client = new SafeHttpClient({ allowedHosts: config.webhookAllowedHosts });
 * await client.checkUrl('https://hooks.example.com/plinth'); // throws RefusedUrlError
 * const answer = await client.request({ url, method: 'POST', body: '{}' });
 */
export class SafeHttpClient {
  private readonly allowedHosts: readonly string[];
  private readonly resolve: DnsLookup;
  private readonly httpAgent: http.Agent;
  private readonly httpsAgent: https.Agent;

  constructor(options: SafeHttpOptions) {
    this.allowedHosts = options.allowedHosts;
    this.resolve = options.lookup ?? systemLookup;
    const lookup = this.connectLookup();
    // No keep-alive: each request resolves and checks its address afresh.
    this.httpAgent = new http.Agent({ keepAlive: false, lookup });
    this.httpsAgent = new https.Agent({ keepAlive: false, lookup });
  }

  /** Resolves a host and returns its addresses, or throws RefusedUrlError saying why not. */
  private async addressesOf(host: string, options: dns.LookupAllOptions = { all: true }): Promise<LookupAddress[]> {
    const name = normalizeHost(host);
    if (ipaddr.isValid(name)) {
      const reason = isHostAllowed(name, this.allowedHosts) ? null : refusedAddressReason(name);
      if (reason) throw new RefusedUrlError(`${name} is ${reason}`);
      return [{ address: name, family: ipaddr.parse(name).kind() === 'ipv6' ? 6 : 4 }];
    }
    let addresses: LookupAddress[];
    try {
      addresses = await this.resolve(name, { ...options, all: true });
    } catch {
      throw new RefusedUrlError(`the host ${name} could not be resolved`);
    }
    if (addresses.length === 0) throw new RefusedUrlError(`the host ${name} could not be resolved`);
    if (isHostAllowed(name, this.allowedHosts)) return addresses;
    for (const { address } of addresses) {
      const reason = refusedAddressReason(address);
      if (reason) throw new RefusedUrlError(`${name} resolves to ${address}, ${reason}`);
    }
    return addresses;
  }

  /** The `lookup` of our agents: the socket connects only to addresses that passed the check. */
  private connectLookup(): LookupFunction {
    return (hostname, options, callback) => {
      this.addressesOf(hostname, { family: options.family, hints: options.hints, all: true }).then(
        (addresses) => {
          if (options.all) {
            callback(null, addresses);
            return;
          }
          const [first] = addresses;
          if (!first) callback(new RefusedUrlError(`the host ${hostname} could not be resolved`), '', 0);
          else callback(null, first.address, first.family);
        },
        (error: Error) => callback(error as NodeJS.ErrnoException, '', 0),
      );
    };
  }

  /**
   * Checks a URL before it is saved: http(s) only, and a host that is allowed or resolves only
   * to public addresses. Throws RefusedUrlError with a sentence saying why.
   */
  async checkUrl(raw: string): Promise<URL> {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new RefusedUrlError('it is not a valid URL');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new RefusedUrlError('it must start with http:// or https://');
    }
    await this.addressesOf(url.hostname);
    return url;
  }

  /**
   * Sends one request without following redirects. Resolves with the answer (any status);
   * rejects with RefusedUrlError, OutboundTimeoutError, or the network error.
   */
  async request(request: OutboundRequest): Promise<OutboundResponse> {
    const url = new URL(request.url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new RefusedUrlError('it must start with http:// or https://');
    }
    // Sockets skip `lookup` for IP literals, so those are checked here.
    const host = normalizeHost(url.hostname);
    if (ipaddr.isValid(host)) await this.addressesOf(host);
    const timeoutMs = request.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const maxBodyBytes = request.maxBodyBytes ?? MAX_LOGGED_BODY_BYTES;
    const started = performance.now();
    const body = request.body === undefined ? undefined : Buffer.from(request.body, 'utf8');
    const transport = url.protocol === 'https:' ? https : http;

    return new Promise<OutboundResponse>((resolve, reject) => {
      let settled = false;
      const finish = (error: Error | null, response?: OutboundResponse) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (error) reject(error);
        else if (response) resolve(response);
      };
      const req = transport.request(url, {
        method: request.method ?? 'GET',
        agent: url.protocol === 'https:' ? this.httpsAgent : this.httpAgent,
        headers: {
          ...request.headers,
          ...(body ? { 'content-length': String(body.length) } : {}),
        },
      });
      const timer = setTimeout(() => {
        const error = new OutboundTimeoutError(`no answer within ${timeoutMs} ms`);
        finish(error);
        req.destroy(error);
      }, timeoutMs);
      req.on('error', (error) => finish(error));
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        let truncated = false;
        const done = () => {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers)) {
            if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
          }
          finish(null, {
            status: res.statusCode ?? 0,
            headers,
            body: Buffer.concat(chunks).subarray(0, maxBodyBytes).toString('utf8'),
            truncated,
            durationMs: Math.round(performance.now() - started),
          });
          res.destroy();
        };
        res.on('data', (chunk: Buffer) => {
          if (settled) return;
          chunks.push(chunk);
          size += chunk.length;
          if (size >= maxBodyBytes) {
            truncated = size > maxBodyBytes || !res.complete;
            done();
          }
        });
        res.on('end', done);
        res.on('error', (error) => finish(error));
      });
      req.end(body);
    });
  }
}
