import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  POSTBACK_SIGNATURE_HEADER,
  POSTBACK_TIMESTAMP_HEADER,
  POSTBACK_TOLERANCE_SECONDS,
} from '@rtb/shared';

const TIMESTAMP = /^\d{1,12}$/;
const SIGNATURE = /^sha256=([0-9a-f]{64})$/i;

/** HMAC-SHA256, keyed with the advertiser's secret, of `<timestamp>.<raw body>`: what the shop's server sends as `sha256=<hex>`. */
export function postbackSignature(secret: string, timestamp: string, body: Buffer): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
  return `sha256=${mac}`;
}

export type SignatureCheck =
  | { ok: true }
  | { ok: false; reason: 'bad_signature' | 'stale_timestamp'; detail: string };

/**
 * Whether a postback was signed with the secret (compared in constant time) no more than
 * `POSTBACK_TOLERANCE_SECONDS` from `now` either way: a captured postback cannot be sent again
 * later, and within the tolerance its order id makes a replay count once.
 */
export function checkPostbackSignature(check: {
  secret: string;
  timestamp: unknown;
  signature: unknown;
  body: Buffer;
  now: Date;
}): SignatureCheck {
  const { timestamp, signature } = check;
  if (typeof timestamp !== 'string' || !TIMESTAMP.test(timestamp))
    return {
      ok: false,
      reason: 'stale_timestamp',
      detail: `${POSTBACK_TIMESTAMP_HEADER}: give the Unix time in seconds when you signed the postback.`,
    };
  const given = typeof signature === 'string' ? SIGNATURE.exec(signature.trim())?.[1] : undefined;
  if (!given)
    return {
      ok: false,
      reason: 'bad_signature',
      detail: `${POSTBACK_SIGNATURE_HEADER}: give sha256= and the hex HMAC-SHA256 of '<timestamp>.<body>'.`,
    };
  const expected = Buffer.from(postbackSignature(check.secret, timestamp, check.body).slice(7), 'hex');
  if (!timingSafeEqual(Buffer.from(given, 'hex'), expected))
    return {
      ok: false,
      reason: 'bad_signature',
      detail: `${POSTBACK_SIGNATURE_HEADER}: the signature does not match the body and timestamp with your secret.`,
    };
  if (Math.abs(check.now.getTime() / 1000 - Number(timestamp)) > POSTBACK_TOLERANCE_SECONDS)
    return {
      ok: false,
      reason: 'stale_timestamp',
      detail: `${POSTBACK_TIMESTAMP_HEADER}: more than ${POSTBACK_TOLERANCE_SECONDS} seconds from our clock; sign each postback when you send it.`,
    };
  return { ok: true };
}
