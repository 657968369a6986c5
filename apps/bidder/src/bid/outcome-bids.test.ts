import { predictionModels } from '@rtb/db';
import { clickExamples } from '@rtb/delivery';
import {
  biasIndex,
  featureIndices,
  goalBidCpmMicros,
  impressionFeaturesOf,
  modelDimension,
  modelSnapshot,
  netBidMicros,
  parseBidRequest,
  serialiseModel,
} from '@rtb/rtb';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeCampaign, type BidderTest, createBidderTest } from '../test/bidder-harness';
import { requestBid, sendNotice, siteRequest } from '../test/exchange';

/*
 * A target-CPC campaign bids what each impression is worth to it: the CPC times the chance of a
 * click, from its priors until a click model is published, then from the model; the impression's
 * record keeps what the bidder knew and predicted.
 */

let b: BidderTest;
let campaignId: number;
const TARGET_CPC_MICROS = 2_000_000;

/** A published click model row of these weights (packages/rtb's `SerialisedModel`), then a refresh of the bidder's. */
async function insertClickModel(version: number, weightIndices: string, weightValues: string) {
  const quality = {
    examples: 100,
    positives: 1,
    logLoss: 0.1,
    auc: 0.6,
    calibrationRatio: 1,
    calibrationBins: [],
    expectedCalibrationError: 0,
  };
  const at = new Date();
  await b.t.database.db.insert(predictionModels).values({
    kind: 'click',
    version,
    status: 'published',
    bits: 8,
    nonZeroWeights: 1,
    weightIndices,
    weightValues,
    trainedExamples: 100,
    trainedThrough: at,
    holdoutFrom: at,
    holdoutTo: at,
    quality,
  });
  await b.bidder.modelBook.refresh();
}

/** A published click model that predicts `probability` for every impression (its bias alone). */
async function publishClickModel(version: number, probability: number) {
  const weights = new Float32Array(modelDimension(8));
  weights[biasIndex(8)] = Math.log(probability / (1 - probability));
  const serialised = serialiseModel(modelSnapshot(version, 8, weights));
  await insertClickModel(version, serialised.indices, serialised.weights);
}

/** The campaign's bid as a CPM in PLN, with this click probability: CPC x pCTR, at most its highest bid, net. */
function expectedCpm(clickProbability: number): number {
  const campaign = b.bidder.live.campaign(campaignId);
  if (!campaign?.outcome) throw new Error('the campaign is not served with its goal');
  const { grossCpmMicros } = goalBidCpmMicros(
    campaign.outcome.goal,
    { ...campaign.outcome.priors, clickProbability },
    campaign,
  );
  const gross = Math.min(grossCpmMicros, campaign.maxCpmMicros);
  return netBidMicros(gross, campaign.marginBps, campaign.commissionBps) / 1000;
}

const bid = async () => {
  const answer = await requestBid(
    b.bidder.app,
    siteRequest({
      imp: [{ id: '1', banner: { w: 300, h: 250, pos: 1 }, bidfloor: 0.5, bidfloorcur: 'PLN' }],
    }),
  );
  return answer.bid;
};

const bidContextOf = async (bidId: string) => {
  const { rows } = (await b.t.database.db.execute(
    sql`select bid_context from delivery_events where bid_id = ${bidId} and kind = 'impression'`,
  )) as unknown as { rows: { bid_context: unknown }[] };
  return rows[0]?.bid_context;
};

beforeAll(async () => {
  b = await createBidderTest();
  campaignId = await activeCampaign(b.t, b, {
    name: 'Clicks',
    goal: { kind: 'targetCpc', targetCpcMicros: TARGET_CPC_MICROS },
    maxCpm: null,
  });
  await b.bidder.live.settled();
});

afterAll(() => b?.close());

describe('an outcome goal’s bids', () => {
  it('price each impression around the campaign’s priors before any model, exploring, and record what the bidder knew', async () => {
    const priors = b.bidder.live.campaign(campaignId)?.outcome?.priors;
    expect(priors).toBeDefined();
    const bids = [];
    for (let i = 0; i < 30; i += 1) bids.push(await bid());
    const prices = bids.map((answer) => answer?.price ?? 0);
    expect(bids.every((answer) => answer?.cid === String(campaignId))).toBe(true);
    // Each a draw of the click rate from the campaign's posterior (10,000 impressions' worth, no
    // history: about 22% spread), their mean the priors' value; never the highest bid, five times it.
    expect(new Set(prices).size).toBeGreaterThan(20);
    const mean = prices.reduce((sum, price) => sum + price, 0) / prices.length;
    expect(Math.abs(mean / expectedCpm(priors?.clickProbability ?? 0) - 1)).toBeLessThan(0.15);
    const ceiling = b.bidder.live.campaign(campaignId)?.maxCpmMicros ?? 0;
    expect(Math.max(...prices)).toBeLessThan(ceiling / 1000 / 2);
    const first = bids[0];
    if (!first) return;
    await sendNotice(b.bidder, first.burl, first, { price: '0.60' });
    expect(await bidContextOf(first.id)).toEqual({
      w: 300,
      h: 250,
      os: 'windows',
      hr: null,
      aud: null,
      age: null,
      pos: 1,
      // Its prediction: the priors' mean (the draw only explores), no model's version.
      pc: Number(priors?.clickProbability.toPrecision(4)),
      pv: Number(priors?.conversionProbability.toPrecision(4)),
      mc: null,
      mv: null,
      at: 2,
      ub: null,
      cur: 'PLN',
      bid: Math.round(first.price * 1000),
    });
  });

  it('leave the trainer the very features the bidder scored: its example of an impression hashes alike', async () => {
    const request = siteRequest({
      imp: [{ id: '1', banner: { w: 300, h: 250, pos: 3 }, bidfloor: 0.5, bidfloorcur: 'PLN' }],
      device: { devicetype: 4, os: 'Android', geo: { country: 'POL', utcoffset: 60 } },
      site: { domain: 'www.Features.example.de', page: 'https://features.example.de/a' },
    });
    const before = new Date();
    const answer = await requestBid(b.bidder.app, request);
    const shown = answer.bid;
    if (!shown) throw new Error(`no bid: ${answer.reason}`);
    await sendNotice(b.bidder, shown.burl, shown, { price: '0.60' });
    const parsed = parseBidRequest(request);
    if (!parsed.ok) throw new Error(parsed.message);
    const [imp] = parsed.request.imps;
    if (!imp) throw new Error('no imp');
    const campaign = b.bidder.live.campaign(campaignId);
    const creative = campaign?.banners[0];
    if (!creative) throw new Error('no creative');
    const bidderSees = impressionFeaturesOf({
      request: parsed.request,
      imp,
      creative,
      campaignId,
      audienceId: null,
      lastProductViewAgeSeconds: null,
      now: before,
    });
    const { examples } = await clickExamples(b.t.database.db, {
      from: before,
      to: new Date(Date.now() + 1_000),
      after: null,
      limit: 100,
    });
    const trainerSees = examples.find((example) => example.features.domain === 'features.example.de');
    expect(trainerSees?.features).toEqual(bidderSees);
    expect(featureIndices(trainerSees?.features ?? bidderSees, 20)).toEqual(featureIndices(bidderSees, 20));
  });

  it('follow a published click model, at most five times the priors’ value, and under the floor bid nothing', async () => {
    const priors = b.bidder.live.campaign(campaignId)?.outcome?.priors;
    const doubled = (priors?.clickProbability ?? 0) * 2;
    await publishClickModel(1, doubled);
    const second = await bid();
    expect(second?.price).toBeCloseTo(expectedCpm(doubled), 6);
    if (second) await sendNotice(b.bidder, second.burl, second, { price: '0.60' });
    // The click from the model (its version), the conversion still from the priors.
    expect(await bidContextOf(second?.id ?? '')).toMatchObject({
      pc: Number(doubled.toPrecision(4)),
      mc: 1,
      pv: Number(priors?.conversionProbability.toPrecision(4)),
      mv: null,
    });

    await publishClickModel(2, 0.9);
    const capped = await bid();
    expect(capped?.price).toBeCloseTo(expectedCpm(1), 6);
    expect(b.bidder.modelBook.models.click?.version).toBe(2);

    // 2 PLN a click x 1e-6: a CPM of 0.002 PLN, under the 0.50 floor.
    await publishClickModel(3, 1e-6);
    expect(await bid()).toBeNull();
  });

  it('keep the model in use when a newer row does not parse', async () => {
    await insertClickModel(4, 'not base64!', 'AAAA');
    expect(b.bidder.modelBook.models.click?.version).toBe(3);
  });
});
