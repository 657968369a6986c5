import type { ImpressionTruth } from './types';
import type { VisitorResponse } from './visitor-response';

/** What one campaign's impressions brought, beside what the true model expected of them. */
export interface CampaignOutcome {
  campaignId: string;
  impressions: number;
  clicks: number;
  /** Orders of the visitors at the opportunities it won, whatever caused them. */
  orders: number;
  /** What the exchange charged (clearing prices, in PLN). */
  spendPln: number;
  revenuePln: number;
  expected: {
    clicks: number;
    orders: number;
    /** Orders the ads caused: the sum of the impressions' lift. */
    incrementalOrders: number;
    revenuePln: number;
  };
}

/** Opportunities the world played without any ad of ours: the organic orders. */
export interface WithoutAdsOutcome {
  opportunities: number;
  orders: number;
  expectedOrders: number;
}

export interface OutcomeSummary {
  campaigns: CampaignOutcome[];
  withoutAds: WithoutAdsOutcome;
}

/** Sums, per campaign, what was drawn and what was expected; money in micro-units so that sums stay exact. */
export class OutcomeTally {
  private readonly campaigns = new Map<
    string,
    Omit<CampaignOutcome, 'spendPln' | 'revenuePln' | 'expected'> & {
      spendMicros: number;
      revenueMicros: number;
      expected: Omit<CampaignOutcome['expected'], 'revenuePln'> & { revenueMicros: number };
    }
  >();
  private readonly withoutAds: WithoutAdsOutcome = { opportunities: 0, orders: 0, expectedOrders: 0 };

  served(truth: ImpressionTruth, response: VisitorResponse, spendPln: number): void {
    let campaign = this.campaigns.get(truth.campaignId);
    if (!campaign) {
      campaign = {
        campaignId: truth.campaignId,
        impressions: 0,
        clicks: 0,
        orders: 0,
        spendMicros: 0,
        revenueMicros: 0,
        expected: { clicks: 0, orders: 0, incrementalOrders: 0, revenueMicros: 0 },
      };
      this.campaigns.set(truth.campaignId, campaign);
    }
    campaign.impressions += 1;
    if (response.clicked) campaign.clicks += 1;
    if (response.ordered) campaign.orders += 1;
    campaign.spendMicros += Math.round(spendPln * 1e6);
    campaign.revenueMicros += Math.round(response.orderValuePln * 1e6);
    campaign.expected.clicks += truth.pClick;
    campaign.expected.orders += truth.pOrderExposed;
    campaign.expected.incrementalOrders += truth.lift;
    campaign.expected.revenueMicros += Math.round(truth.pOrderExposed * truth.expectedOrderPln * 1e6);
  }

  unexposed(pOrganic: number, response: VisitorResponse): void {
    this.withoutAds.opportunities += 1;
    if (response.ordered) this.withoutAds.orders += 1;
    this.withoutAds.expectedOrders += pOrganic;
  }

  summary(): OutcomeSummary {
    const campaigns = [...this.campaigns.values()]
      .sort((a, b) => a.campaignId.localeCompare(b.campaignId))
      .map(({ spendMicros, revenueMicros, expected, ...counts }) => ({
        ...counts,
        spendPln: spendMicros / 1e6,
        revenuePln: revenueMicros / 1e6,
        expected: {
          clicks: expected.clicks,
          orders: expected.orders,
          incrementalOrders: expected.incrementalOrders,
          revenuePln: expected.revenueMicros / 1e6,
        },
      }));
    return { campaigns, withoutAds: { ...this.withoutAds } };
  }
}
