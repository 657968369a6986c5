import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../../../core/deps';
import { insertTag, tagKeyOf } from './repository';

/**
 * The advertiser's tag key, made on first need: 128 random bits (base64url). Public (it is in
 * the shop's pages); it only tells the events endpoint whose events they are.
 */
export async function ensureTagKey(deps: AppDeps, advertiserId: number): Promise<string> {
  const known = await tagKeyOf(deps.db, advertiserId);
  if (known) return known;
  await insertTag(deps.db, advertiserId, randomBytes(16).toString('base64url'));
  const made = await tagKeyOf(deps.db, advertiserId);
  if (!made) throw new Error(`The tag of advertiser ${advertiserId} was not made.`);
  return made;
}
