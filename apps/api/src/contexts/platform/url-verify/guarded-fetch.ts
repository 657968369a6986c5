import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import type { CallTracker } from '../external-apis/track-call';

/** Addresses a public URL must not lead to: the server's own network (SSRF). */
const privateRanges = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 4],
] as const)
  privateRanges.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['::ffff:0:0', 96],
] as const)
  privateRanges.addSubnet(net, prefix, 'ipv6');

/** The URL (or a redirect, or what its name resolves to) is on a private network. */
export class UnsafeAddressError extends Error {}
/** The exchange, body included, did not finish within its time. */
export class FetchTimeoutError extends Error {
  constructor() {
    super('timeout');
  }
}
/** Redirects went on longer than allowed (or in a loop). */
export class TooManyRedirectsError extends Error {
  constructor() {
    super('too many redirects');
  }
}

export interface GuardedFetchOptions {
  method?: 'GET' | 'HEAD';
  allowPrivate: boolean;
  /**
   * URLs that may reach a private address though `allowPrivate` is off (the platform's own demo
   * shop: `demoShopTrust`). Asked again for every redirect, so a trusted URL cannot lead elsewhere.
   */
  trusted?: (url: URL) => boolean;
  /** When everything must be over, body included (`Date.now()` milliseconds). */
  deadline: number;
  /** Times and logs each request, every redirect its own (the external-API log). */
  track: CallTracker;
  headers?: Record<string, string>;
  maxRedirects?: number;
}

export interface GuardedResponse {
  status: number;
  /** Where the redirects ended. */
  url: string;
  headers: IncomingHttpHeaders;
  /** Unread: the caller reads it (until the deadline) or calls `resume()`. */
  body: IncomingMessage;
}

function isPrivate(address: string): boolean {
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  return privateRanges.check(address, family);
}

/** DNS lookup that refuses private addresses, so a checked name cannot be re-pointed inside. */
function guardedLookup(allowPrivate: boolean) {
  return (
    hostname: string,
    options: object,
    callback: (err: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const list = addresses as LookupAddress[];
      if (!allowPrivate && list.some((a) => isPrivate(a.address))) {
        return callback(new UnsafeAddressError(`${hostname} resolves to a private address`), []);
      }
      if ((options as { all?: boolean }).all) return callback(null, list);
      const first = list[0];
      return first ? callback(null, first.address, first.family) : callback(new Error('no address'), []);
    });
  };
}

/** One request; its response is handed over unread, and torn down at the deadline. */
function request(url: URL, options: GuardedFetchOptions): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const allowPrivate = options.allowPrivate || (options.trusted?.(url) ?? false);
    if (isIP(host) && !allowPrivate && isPrivate(host)) {
      reject(new UnsafeAddressError(`${host} is a private address`));
      return;
    }
    const client = url.protocol === 'https:' ? https : http;
    const remaining = Math.max(0, options.deadline - Date.now());
    let response: IncomingMessage | null = null;
    const req = client.request(
      url,
      {
        method: options.method ?? 'GET',
        lookup: guardedLookup(allowPrivate) as never,
        timeout: remaining,
        headers: { 'user-agent': 'RTB-Panel/1.0', ...options.headers },
      },
      (res) => {
        response = res;
        res.on('close', () => clearTimeout(timer));
        resolve(res);
      },
    );
    // The socket timeout only notices silence; a server trickling its answer byte by byte
    // would pass it, so the whole exchange, body included, also has a deadline.
    const giveUp = () => {
      const error = new FetchTimeoutError();
      req.destroy(error);
      response?.destroy(error);
    };
    const timer = setTimeout(giveUp, remaining);
    req.on('timeout', giveUp);
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.end();
  });
}

/**
 * A request to a URL an outsider gave: private addresses are refused (the name's addresses,
 * and again after each redirect), redirects are followed (http and https only), and all of it
 * ends by `deadline`. The final response's body is the caller's to read.
 */
export async function guardedFetch(input: string, options: GuardedFetchOptions): Promise<GuardedResponse> {
  const method = options.method ?? 'GET';
  let url = new URL(input);
  for (let hop = 0; hop <= (options.maxRedirects ?? 5); hop++) {
    const res = await options.track({ method, url: url.toString() }, async () => {
      const response = await request(url, options);
      return { status: response.statusCode ?? 0, response };
    });
    const location = res.response.headers.location;
    if (res.status >= 300 && res.status < 400 && res.status !== 304 && location) {
      res.response.resume();
      url = new URL(location, url);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') break;
      continue;
    }
    return { status: res.status, url: url.toString(), headers: res.response.headers, body: res.response };
  }
  throw new TooManyRedirectsError();
}
