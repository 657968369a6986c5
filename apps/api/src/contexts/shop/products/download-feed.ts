import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AppDeps } from '../../../core/deps';
import {
  callTracker,
  demoShopTrust,
  FetchTimeoutError,
  guardedFetch,
  TooManyRedirectsError,
  UnsafeAddressError,
} from '../../platform';
import { FeedImportFailure } from './import-failure';
import type { FeedRecord } from './repository';

/** A fetched feed written to a file, with what the server said about it. */
export interface DownloadedFeed {
  notModified: false;
  bytes: number;
  /** Content-Length, when the server gave it. */
  bytesTotal: number | null;
  sha256: string;
  etag: string | null;
  lastModified: string | null;
}

export type Download = { notModified: true } | DownloadedFeed;

/**
 * Fetches a URL feed into `path`: a conditional GET (the validators of the last import, so an
 * unchanged feed answers 304), gzip accepted (kept packed: the import unpacks it), through the
 * SSRF guard, within FEED_FETCH_TIMEOUT_MS and FEED_MAX_BYTES, each request in the external-API
 * log. Fails with the import's error codes.
 */
export async function downloadFeed(
  deps: AppDeps,
  feed: Pick<FeedRecord, 'url' | 'etag' | 'lastModified'>,
  path: string,
): Promise<Download> {
  const { feedMaxBytes, feedFetchTimeoutMs, urlVerifyAllowPrivate } = deps.config;
  if (!feed.url) throw new FeedImportFailure('fetch_failed', 'no feed URL');
  try {
    const res = await guardedFetch(feed.url, {
      allowPrivate: urlVerifyAllowPrivate,
      trusted: demoShopTrust(deps.config.demoShopUrl),
      deadline: Date.now() + feedFetchTimeoutMs,
      track: callTracker(deps, 'product-feed'),
      headers: {
        accept: 'application/xml, text/xml, text/csv, text/tab-separated-values, text/plain;q=0.9, */*;q=0.8',
        'accept-encoding': 'gzip',
        ...(feed.etag ? { 'if-none-match': feed.etag } : {}),
        ...(feed.lastModified ? { 'if-modified-since': feed.lastModified } : {}),
      },
    });
    if (res.status === 304) {
      res.body.resume();
      return { notModified: true };
    }
    if (res.status !== 200) {
      res.body.resume();
      throw new FeedImportFailure('http_status', `HTTP ${res.status}`);
    }
    const length = Number(res.headers['content-length']);
    const bytesTotal = Number.isSafeInteger(length) && length >= 0 ? length : null;
    if (bytesTotal !== null && bytesTotal > feedMaxBytes) {
      res.body.destroy();
      throw new FeedImportFailure('too_large', `${bytesTotal} bytes`);
    }
    const hash = createHash('sha256');
    let bytes = 0;
    await pipeline(
      res.body,
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          if (bytes > feedMaxBytes)
            return done(new FeedImportFailure('too_large', `more than ${feedMaxBytes} bytes`));
          hash.update(chunk);
          done(null, chunk);
        },
      }),
      createWriteStream(path),
    );
    const header = (name: string) => {
      const value = res.headers[name];
      return typeof value === 'string' && value !== '' ? value.slice(0, 500) : null;
    };
    return {
      notModified: false,
      bytes,
      bytesTotal,
      sha256: hash.digest('hex'),
      etag: header('etag'),
      lastModified: header('last-modified'),
    };
  } catch (error) {
    throw failureOf(error);
  }
}

function failureOf(error: unknown): FeedImportFailure {
  if (error instanceof FeedImportFailure) return error;
  if (error instanceof FetchTimeoutError) return new FeedImportFailure('timeout');
  if (error instanceof UnsafeAddressError) return new FeedImportFailure('unsafe_address');
  if (error instanceof TooManyRedirectsError) return new FeedImportFailure('fetch_failed', error.message);
  const message = error instanceof Error ? error.message : String(error);
  return new FeedImportFailure('fetch_failed', message.slice(0, 500) || null);
}
