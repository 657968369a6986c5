import { gunzipSync } from 'node:zlib';

/** The most a bid request may hold, compressed or not (a gzip bomb stops at this many bytes). */
export const BID_REQUEST_MAX_BYTES = 256 * 1024;

export type ReadBody =
  | { ok: true; json: unknown }
  | { ok: false; reason: 'bad_encoding' | 'too_large' | 'bad_json' };

/** The request body as JSON: inflated when `content-encoding: gzip`, never past the limit. */
export function readBidBody(raw: Buffer, contentEncoding: string | undefined): ReadBody {
  let bytes = raw;
  const encoding = contentEncoding?.trim().toLowerCase();
  if (encoding === 'gzip') {
    try {
      bytes = gunzipSync(raw, { maxOutputLength: BID_REQUEST_MAX_BYTES });
    } catch (error) {
      const tooLarge = (error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE';
      return { ok: false, reason: tooLarge ? 'too_large' : 'bad_encoding' };
    }
  } else if (encoding && encoding !== 'identity') {
    return { ok: false, reason: 'bad_encoding' };
  }
  try {
    return { ok: true, json: JSON.parse(bytes.toString('utf8')) };
  } catch {
    return { ok: false, reason: 'bad_json' };
  }
}
