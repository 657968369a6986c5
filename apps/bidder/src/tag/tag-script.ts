import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

/** The tag script's placeholder for the events endpoint (tag.js's last line). */
const EVENTS_URL_PLACEHOLDER = "'__RTB_EVENTS_URL__'";

export interface TagScript {
  body: Buffer;
  gzipped: Buffer;
  etag: string;
}

/** `tag.js` with this bidder's events URL in it, compressed once, and its ETag. */
export function buildTagScript(publicUrl: string): TagScript {
  const source = readFileSync(new URL('./tag.js', import.meta.url), 'utf8');
  if (!source.includes(EVENTS_URL_PLACEHOLDER)) throw new Error('tag.js has no events URL placeholder');
  const body = Buffer.from(source.replace(EVENTS_URL_PLACEHOLDER, JSON.stringify(`${publicUrl}/rtb/events`)));
  return {
    body,
    gzipped: gzipSync(body, { level: 9 }),
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
  };
}
