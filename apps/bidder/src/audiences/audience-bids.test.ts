import {
  createCampaign,
  insertBanner,
  setCampaignStatus,
  todayOf,
  validCampaign,
} from '@rtb/api/test-helpers/campaigns';
import { audiences } from '@rtb/db';
import type { AudienceRule, TagEventType } from '@rtb/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BidderTest, createBidderTest } from '../test/bidder-harness';
import { requestBid, siteRequest } from '../test/exchange';
import { profileStoreKinds } from '../test/profile-stores';
import { applyTagEvents } from './apply-tag-events';
import type { ProfileStore } from './profile-store';

/*
 * Audiences at the bid endpoint (issue 15 item 3): Demo Shop runs a retargeting campaign
 * (product viewers of 30 days, buyers excluded) at a high price and a prospecting one (buyers
 * excluded) at a lower one, both 300x250; visitors come with our id as `buyeruid` after the shop's
 * tag saw them. Run with the memory profiles and, when a Redis server answers, the Redis ones.
 */

/** A store that counts the bid path's reads. */
function counting(store: ProfileStore): ProfileStore & { reads: number } {
  const counted = {
    reads: 0,
    merge: (updates: Parameters<ProfileStore['merge']>[0]) => store.merge(updates),
    profilesOf: (userId: string) => {
      counted.reads += 1;
      return store.profilesOf(userId);
    },
    claimRebuild: (force: boolean) => store.claimRebuild(force),
    finishRebuild: (completed: boolean) => store.finishRebuild(completed),
    close: () => store.close(),
  };
  return counted;
}

const kinds = await profileStoreKinds();

for (const kind of kinds)
  describe.skipIf(kind.skip)(`bids by audience (${kind.name})`, () => {
    let b: BidderTest;
    let profiles: ReturnType<typeof counting>;
    let cleanup: () => Promise<void>;
    let retargeting: number;
    let prospecting: number;
    let viewers: number;

    const audience = async (rule: AudienceRule, lookbackDays: number) => {
      const [row] = await b.t.database.db
        .insert(audiences)
        .values({ advertiserId: b.shopId, name: rule, rule, lookbackDays })
        .returning({ id: audiences.id });
      return row?.id as number;
    };
    /** What the shop's tag reported of visitor `userId`, `hoursAgo` before now. */
    const saw = (userId: string, ...events: [TagEventType, number][]) =>
      applyTagEvents(
        profiles,
        events.map(([type, hoursAgo]) => ({
          advertiserId: b.shopId,
          userId,
          type,
          at: Date.now() - hoursAgo * 3_600_000,
          productIds: ['sku-1'],
          productTypes: ['Shoes'],
          bot: false,
        })),
      );
    const bidFor = (user: Record<string, string>) => requestBid(b.bidder.app, siteRequest({ user }));
    /** The campaign that bids on the visitor (the bid's `cid`), or the no-bid reason. */
    const cidOf = async (user: Record<string, string>) => {
      const res = await b.bidder.app.inject({
        method: 'POST',
        url: '/openrtb2/bid',
        payload: siteRequest({ user }),
      });
      return res.statusCode === 200 ? Number(res.json().seatbid[0].bid[0].cid) : res.headers['x-rtb-reason'];
    };

    beforeAll(async () => {
      const opened = kind.open();
      cleanup = opened.cleanup;
      profiles = counting(opened.store);
      b = await createBidderTest({ profiles });
      const today = await todayOf(b.t, b.shopId);
      const banner = await insertBanner(b.t, b.shopId, 'approved');
      viewers = await audience('product_viewers', 30);
      const buyers = await audience('buyers', 90);
      ({ id: retargeting } = await createCampaign(
        b.t,
        b.shopToken,
        validCampaign(today, {
          bannerIds: [banner],
          maxCpm: 40_000,
          audienceIncludeIds: [viewers],
          audienceExcludeIds: [buyers],
        }),
      ));
      ({ id: prospecting } = await createCampaign(
        b.t,
        b.shopToken,
        validCampaign(today, { bannerIds: [banner], maxCpm: 20_000, audienceExcludeIds: [buyers] }),
      ));
      await setCampaignStatus(b.t, b.shopToken, retargeting, 'active');
      await setCampaignStatus(b.t, b.shopToken, prospecting, 'active');
      await b.bidder.live.settled();
    });
    afterAll(async () => {
      await b?.close();
      await profiles?.close();
      await cleanup?.();
    });

    it('bids with the retargeting campaign on a visitor who viewed a product', async () => {
      await saw('viewer-aaaaaaaaaaaaaaaa', ['viewHome', 30], ['viewItem', 29]);
      expect(await cidOf({ id: 'exchange-1', buyeruid: 'viewer-aaaaaaaaaaaaaaaa' })).toBe(retargeting);
    });

    it('never bids on a buyer where buyers are excluded', async () => {
      await saw('buyer-bbbbbbbbbbbbbbbbb', ['viewItem', 50], ['addToCart', 49], ['trackTransaction', 48]);
      expect(await cidOf({ id: 'exchange-2', buyeruid: 'buyer-bbbbbbbbbbbbbbbbb' })).toBe('no_campaign');
    });

    it('gives a visitor without our id, or unknown to the shop, no audience campaign', async () => {
      // No buyeruid: the exchange's id is no visitor of the shop; only the prospecting campaign bids.
      expect(await cidOf({ id: 'exchange-3' })).toBe(prospecting);
      expect(await cidOf({ id: 'exchange-4', buyeruid: 'stranger-cccccccccccccc' })).toBe(prospecting);
    });

    it('drops a visitor whose view is older than the lookback', async () => {
      await saw('lapsed-dddddddddddddddd', ['viewItem', 31 * 24]);
      expect(await cidOf({ id: 'exchange-5', buyeruid: 'lapsed-dddddddddddddddd' })).toBe(prospecting);
    });

    it('follows a change of the audience’s rule', async () => {
      await saw('carter-eeeeeeeeeeeeeeee', ['viewHome', 2], ['addToCart', 1]);
      expect(await cidOf({ id: 'exchange-6', buyeruid: 'carter-eeeeeeeeeeeeeeee' })).toBe(prospecting);
      await b.t.database.db
        .update(audiences)
        .set({ rule: 'cart_abandoners' })
        .where(eq(audiences.id, viewers));
      await b.bidder.live.settled();
      expect(await cidOf({ id: 'exchange-6', buyeruid: 'carter-eeeeeeeeeeeeeeee' })).toBe(retargeting);
      await b.t.database.db
        .update(audiences)
        .set({ rule: 'product_viewers' })
        .where(eq(audiences.id, viewers));
      await b.bidder.live.settled();
    });

    it('reads a visitor’s profiles once per request, and not at all without our id', async () => {
      const before = profiles.reads;
      await bidFor({ id: 'exchange-7', buyeruid: 'viewer-aaaaaaaaaaaaaaaa' });
      expect(profiles.reads).toBe(before + 1);
      await bidFor({ id: 'exchange-8' });
      expect(profiles.reads).toBe(before + 1);
    });
  });
