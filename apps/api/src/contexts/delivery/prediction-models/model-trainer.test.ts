import { predictionModels } from '@rtb/db';
import { ModelTrainer, newerPublishedModel } from '@rtb/delivery';
import { featureIndices, type ImpressionFeatures, predictProbability } from '@rtb/rtb';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { BANNER_ID, CAMPAIGN_ID, CLICKY_DOMAIN, generatedBids, insertBids } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const LABEL_DELAY = 30 * 60_000;
/** The first days' data ends here; the flipped data's ten days later (past the first's replay). */
const NOW = new Date('2030-03-10T12:00:00Z');
const LATER = new Date(NOW.getTime() + 10 * DAY);
const clickTrainer = () => new ModelTrainer({ kind: 'click', bits: 16, labelDelayMs: LABEL_DELAY });
const versions = () =>
  t.database.db
    .select()
    .from(predictionModels)
    .where(eq(predictionModels.kind, 'click'))
    .orderBy(asc(predictionModels.version));
const features = (domain: string): ImpressionFeatures => ({
  width: 300,
  height: 250,
  domain,
  deviceType: 'desktop',
  os: 'windows',
  country: 'PL',
  localHour: 14,
  creativeId: BANNER_ID,
  campaignId: CAMPAIGN_ID,
  audienceId: null,
  lastProductViewAgeSeconds: null,
  adPosition: null,
});

// The steps build on each other: one history of versions.
describe('the model trainer', () => {
  /** A second process's trainer, ten minutes after the first published. */
  const restarted = clickTrainer();
  const RESTARTED_AT = new Date(NOW.getTime() + 10 * 60_000);

  beforeAll(async () => {
    // A day of impressions up to now: 2,880 to learn before the hold-out hour, 120 in it.
    const from = new Date(NOW.getTime() - LABEL_DELAY - 25 * HOUR);
    await insertBids(t.database.db, generatedBids('first', from, 25));
    // The later ten days: a day whose clicks go the other way, then an hour as the first day's.
    const laterFrom = new Date(LATER.getTime() - LABEL_DELAY - 25 * HOUR);
    await insertBids(t.database.db, [
      ...generatedBids('flipped', laterFrom, 24, true),
      ...generatedBids('truth', new Date(laterFrom.getTime() + 24 * HOUR), 1),
    ]);
  });

  it('writes nothing before there is anything to learn or judge', async () => {
    const cycle = await clickTrainer().cycle(t.deps, new Date('2030-01-01T00:00:00Z'));
    expect(cycle).toMatchObject({ learned: 0, behind: false, written: null, inUse: null });
    expect(await versions()).toEqual([]);
  });

  it('publishes a first version with its quality on the hold-out hour, which it never learned', async () => {
    const cycle = await clickTrainer().cycle(t.deps, NOW);
    expect(cycle).toMatchObject({ learned: 2_880, behind: false, inUse: 1 });
    expect(cycle.written).toMatchObject({
      version: 1,
      published: true,
      refusedChecks: [],
      currentQuality: null,
    });
    // 30 of the hold-out's 120 impressions are the clicky domain's, 9 of them clicked; 3 of the others'.
    expect(cycle.written?.quality).toMatchObject({ examples: 120, positives: 12 });
    const [row] = await versions();
    expect(row).toMatchObject({
      version: 1,
      status: 'published',
      bits: 16,
      trainedExamples: 2_880,
      trainedThrough: new Date(NOW.getTime() - LABEL_DELAY - HOUR),
      holdoutFrom: new Date(NOW.getTime() - LABEL_DELAY - HOUR),
      holdoutTo: new Date(NOW.getTime() - LABEL_DELAY),
      quality: cycle.written?.quality,
      currentQuality: null,
    });
    expect(row?.nonZeroWeights).toBeGreaterThan(0);
    expect((await newerPublishedModel(t.database.db, 'click', 0))?.version).toBe(1);
  });

  it('learns which domain is clicked (the generated clicks: 30 % against 4 %)', async () => {
    const model = await newerPublishedModel(t.database.db, 'click', 0);
    if (!model) throw new Error('no model');
    const chance = (domain: string) =>
      predictProbability(model, featureIndices(features(domain), model.bits));
    expect(chance(CLICKY_DOMAIN)).toBeGreaterThan(2 * chance('quiet-a.example'));
    expect(chance(CLICKY_DOMAIN)).toBeGreaterThan(2 * chance('quiet-b.example'));
  });

  it('after a restart, learns the last days again from the database and publishes', async () => {
    const cycle = await restarted.cycle(t.deps, RESTARTED_AT);
    // What the first learned, and the first 10 minutes of its hold-out: 20 impressions.
    expect(cycle).toMatchObject({ learned: 2_900, inUse: 2 });
    expect(cycle.written).toMatchObject({ version: 2, published: true });
    // Its hold-out: the last 50 minutes of impressions (100), judged for both.
    expect(cycle.written?.quality.examples).toBe(100);
    expect(cycle.written?.currentQuality?.examples).toBe(100);
    // A cycle after it learns only what is new: nothing, and it is judged the same as the one in use.
    const again = await restarted.cycle(t.deps, RESTARTED_AT);
    expect(again).toMatchObject({ learned: 0, written: { version: 3, published: true } });
  });

  it('keeps the weights of the newest 3 published versions only, and every version figures', async () => {
    for (let i = 0; i < 2; i += 1) await restarted.cycle(t.deps, RESTARTED_AT);
    const rows = await versions();
    expect(rows.map((row) => [row.version, row.status, row.weightIndices !== null])).toEqual([
      [1, 'published', false],
      [2, 'published', false],
      [3, 'published', true],
      [4, 'published', true],
      [5, 'published', true],
    ]);
    expect(rows.every((row) => row.nonZeroWeights > 0 && row.quality)).toBe(true);
  });

  it('refuses a candidate worse than the version in use on the same hold-out: the bidders keep the old one', async () => {
    // Ten days on: a new process learns a day whose clicks went the other way, then the hold-out
    // hour is as the first day.
    const cycle = await clickTrainer().cycle(t.deps, LATER);
    expect(cycle).toMatchObject({ learned: 2_880, inUse: 5 });
    expect(cycle.written).toMatchObject({ version: 6, published: false });
    expect(cycle.written?.refusedChecks).toEqual(expect.arrayContaining(['log_loss', 'auc']));
    const written = cycle.written;
    if (!written?.currentQuality) throw new Error('judged against nothing');
    expect(written.quality.logLoss).toBeGreaterThan(written.currentQuality.logLoss);
    const [refused] = (await versions()).filter((row) => row.version === 6);
    expect(refused).toMatchObject({
      status: 'refused',
      weightIndices: null,
      weightValues: null,
      quality: written.quality,
      currentQuality: written.currentQuality,
    });
    expect(refused?.refusedChecks).toEqual(written.refusedChecks);
    expect((await newerPublishedModel(t.database.db, 'click', 0))?.version).toBe(5);
    expect(await newerPublishedModel(t.database.db, 'click', 5)).toBeNull();
  });

  it('goes on from where it stopped when a cycle reads its most, and judges once it has caught up', async () => {
    const trainer = new ModelTrainer({
      kind: 'click',
      bits: 16,
      labelDelayMs: LABEL_DELAY,
      maxExamplesPerCycle: 1_000,
      pageSize: 300,
    });
    const learned: number[] = [];
    let cycle = await trainer.cycle(t.deps, NOW);
    while (cycle.behind) {
      expect(cycle.written).toBeNull();
      learned.push(cycle.learned);
      cycle = await trainer.cycle(t.deps, NOW);
    }
    expect(learned).toEqual([1_000, 1_000]);
    expect(cycle.learned).toBe(880);
    expect(cycle.written).toMatchObject({ version: 7 });
  });
});
