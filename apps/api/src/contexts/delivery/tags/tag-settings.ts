import { type TagSettings, tagScriptUrl, tagSnippet, toApiDateTime } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { ensureTagKey } from './ensure-tag-key';
import { tagEventStats } from './repository';

const DAY_MS = 86_400_000;

/** What the Tags tab shows (`GET /api/advertiser/tag`); the tag is made on the first visit. */
export async function getTagSettings(
  deps: AppDeps,
  advertiserId: number,
  now = new Date(),
): Promise<TagSettings> {
  const tagKey = await ensureTagKey(deps, advertiserId);
  const stats = (await tagEventStats(deps.db, [advertiserId], new Date(now.getTime() - 7 * DAY_MS))).get(
    advertiserId,
  );
  if (!stats) throw new Error(`no tag event stats of advertiser ${advertiserId}`);
  const scriptUrl = tagScriptUrl(deps.config.rtbPublicUrl);
  return {
    tagKey,
    scriptUrl,
    snippet: tagSnippet(scriptUrl, tagKey),
    lastEventAt: stats.lastCountedEventAt ? toApiDateTime(stats.lastCountedEventAt) : null,
    eventsLast7Days: stats.eventsSince,
    onlyBots: stats.lastEventAt !== null && stats.lastCountedEventAt === null,
  };
}
