import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
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

export class UnsafeAddressError extends Error {}

export interface ProbeResult {
  status: number;
  finalUrl: string;
}

export interface ProbeOptions {
  timeoutMs: number;
  allowPrivate: boolean;
  maxRedirects?: number;
  /** Times and logs each request (the external-API log). */
  track: CallTracker;
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

function request(
  url: URL,
  method: string,
  options: ProbeOptions,
  deadline: number,
): Promise<{ status: number; location?: string }> {
  return new Promise((resolve, reject) => {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && !options.allowPrivate && isPrivate(host)) {
      reject(new UnsafeAddressError(`${host} is a private address`));
      return;
    }
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method,
        lookup: guardedLookup(options.allowPrivate) as never,
        timeout: options.timeoutMs,
        headers: { 'user-agent': 'RTB-Panel-URL-Check/1.0', accept: 'text/html,*/*' },
      },
      (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, location: res.headers.location });
      },
    );
    // The socket timeout only notices silence; a server trickling its answer byte by byte
    // would pass it, so the whole probe also has a deadline.
    const timer = setTimeout(() => req.destroy(new Error('timeout')), Math.max(0, deadline - Date.now()));
    req.on('close', () => clearTimeout(timer));
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });
}

/**
 * Asks the URL for its status (HEAD, then GET where HEAD is refused), following redirects;
 * all of it within `timeoutMs`.
 */
export async function probeUrl(input: string, options: ProbeOptions): Promise<ProbeResult> {
  const deadline = Date.now() + options.timeoutMs;
  const send = (url: URL, method: string) =>
    options.track({ method, url: url.toString() }, () => request(url, method, options, deadline));
  let url = new URL(input);
  for (let hop = 0; hop <= (options.maxRedirects ?? 5); hop++) {
    let res = await send(url, 'HEAD');
    if (res.status === 405 || res.status === 501) res = await send(url, 'GET');
    if (res.status >= 300 && res.status < 400 && res.location) {
      url = new URL(res.location, url);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') break;
      continue;
    }
    return { status: res.status, finalUrl: url.toString() };
  }
  throw new Error('too many redirects');
}
