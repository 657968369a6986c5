import { newerPublishedModel } from '@rtb/delivery';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { generatedBids, insertBids } from './test-helpers';
import { startModelTrainingWorker } from './worker';

const HOUR = 3_600_000;
const LABEL_DELAY = 30 * 60_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    config: {
      // Conversions are given 30 days: no click of the data below is that old.
      modelTraining: {
        intervalMs: HOUR,
        bits: 16,
        clickLabelDelayMs: LABEL_DELAY,
        conversionLabelDelayMs: 30 * 24 * HOUR,
      },
    },
  });
});
afterAll(() => t.close());

const silent = { info: () => {}, warn: () => {}, error: () => {} };

describe('the model training worker', () => {
  it('trains both kinds in a round, publishes what passes and says so in its metrics', async () => {
    // A day of clicked and unclicked impressions up to now.
    await insertBids(
      t.database.db,
      generatedBids('worker', new Date(Date.now() - LABEL_DELAY - 25 * HOUR), 25),
    );
    const registry = new Registry();
    const worker = startModelTrainingWorker({ deps: t.deps, log: silent, registry, timer: false });
    const cycles = await worker.runOnce();
    await worker.stop();

    const [click, conversion] = cycles;
    expect(cycles).toHaveLength(2);
    expect(click).toMatchObject({
      kind: 'click',
      behind: false,
      inUse: 1,
      written: { version: 1, published: true },
    });
    expect(click?.learned).toBeGreaterThan(2_800);
    expect(conversion).toMatchObject({ kind: 'conversion', learned: 0, written: null, inUse: null });
    expect((await newerPublishedModel(t.database.db, 'click', 0))?.version).toBe(1);

    const values = async (name: string) =>
      Object.fromEntries(
        ((await registry.getSingleMetric(name)?.get())?.values ?? []).map((v) => [v.labels.kind, v.value]),
      );
    expect(await values('rtb_model_published_version')).toEqual({ click: 1, conversion: 0 });
    expect(await values('rtb_model_examples_learned_total')).toEqual({
      click: click?.learned,
      conversion: 0,
    });
    expect(await values('rtb_model_holdout_log_loss')).toEqual({ click: click?.written?.quality.logLoss });
    expect(await values('rtb_model_holdout_auc')).toEqual({ click: click?.written?.quality.auc });
    expect(await values('rtb_model_versions_refused_total')).toEqual({});
  });

  it('trains in one process at a time: another waits for the lease, then takes over from the events', async () => {
    const registry = new Registry();
    const first = startModelTrainingWorker({ deps: t.deps, log: silent, registry, timer: false });
    const second = startModelTrainingWorker({
      deps: t.deps,
      log: silent,
      registry: new Registry(),
      timer: false,
    });
    expect((await first.runOnce()).map((cycle) => cycle.kind)).toEqual(['click', 'conversion']);
    expect(await second.runOnce()).toEqual([]);

    // The first process stops: the second learns the events from the start and writes the next version.
    await first.stop();
    const [click] = await second.runOnce();
    expect(click?.learned).toBeGreaterThan(2_800);
    expect(click?.written?.version).toBeGreaterThan(1);
    await second.stop();
  });
});
