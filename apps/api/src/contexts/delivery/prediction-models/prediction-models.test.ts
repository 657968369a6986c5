import { demoAccounts, predictionModels } from '@rtb/db';
import { modelQuality } from '@rtb/rtb';
import {
  messages,
  type PredictionModelKind,
  predictionModelResponse,
  predictionModelsResponse,
} from '@rtb/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { adminWithRole } from '../../platform/configuration/test-helpers';

const url = '/api/admin/prediction-models';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  admin = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
});
afterAll(() => t.close());

const list = async (query = '', token = admin) => {
  const res = await t.call({ method: 'GET', url: `${url}${query}`, token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return predictionModelsResponse.parse(res.body).data.models;
};

/** Four examples: 0.1 and 0.3 missed, 0.6 and 0.8 happened (AUC 1, the mean prediction 0.45 over a rate of 0.5). */
const holdout = { predictions: [0.1, 0.3, 0.6, 0.8], labels: [0, 0, 1, 1] };
/** The version in use then: ranks them all wrong. */
const worse = { predictions: [0.8, 0.6, 0.3, 0.1], labels: [0, 0, 1, 1] };

const hour = (h: number) => new Date(Date.UTC(2026, 10, 20, h));

/** A version as the trainer writes it: scored by packages/rtb on the hold-out, JSON as jsonb keeps it (no NaN). */
async function insertVersion(
  kind: PredictionModelKind,
  version: number,
  values: Partial<typeof predictionModels.$inferInsert> = {},
) {
  await t.database.db.insert(predictionModels).values({
    kind,
    version,
    status: 'published',
    bits: 18,
    nonZeroWeights: 1000 * version,
    trainedExamples: 50_000 * version,
    trainedThrough: hour(version),
    holdoutFrom: hour(version),
    holdoutTo: hour(version + 1),
    quality: JSON.parse(JSON.stringify(modelQuality(holdout, 2))),
    currentQuality: version === 1 ? null : JSON.parse(JSON.stringify(modelQuality(worse, 2))),
    createdAt: hour(version + 1),
    ...values,
  });
}

describe('GET /api/admin/prediction-models', () => {
  it('lists nothing before the first model is trained', async () => {
    expect(await list()).toEqual({ elements: [], meta: { page: 1, perPage: 25, total: 0, lastPage: 1 } });
  });

  describe('with versions of both kinds', () => {
    beforeAll(async () => {
      await insertVersion('click', 1);
      await insertVersion('click', 2);
      // Refused after the one in use: the bidders keep scoring with version 2.
      await insertVersion('click', 3, { status: 'refused', refusedChecks: ['log_loss', 'auc'] });
      await insertVersion('conversion', 1, { createdAt: hour(10) });
      // An empty hold-out: its log loss is NaN, which JSON stores as null.
      await insertVersion('conversion', 2, {
        status: 'refused',
        refusedChecks: ['empty_holdout'],
        quality: JSON.parse(JSON.stringify(modelQuality({ predictions: [], labels: [] }))),
        createdAt: hour(11),
      });
    });

    it('lists the versions newest first, the one in use of each kind marked, with their figures', async () => {
      const models = await list();
      expect(models.meta.total).toBe(5);
      expect(models.elements.map((m) => [m.kind, m.version, m.status, m.inUse])).toEqual([
        ['conversion', 2, 'refused', false],
        ['conversion', 1, 'published', true],
        ['click', 3, 'refused', false],
        ['click', 2, 'published', true],
        ['click', 1, 'published', false],
      ]);
      expect(models.elements[3]).toEqual({
        kind: 'click',
        version: 2,
        status: 'published',
        inUse: true,
        refusedChecks: [],
        bits: 18,
        nonZeroWeights: 2000,
        trainedExamples: 100_000,
        trainedThrough: '2026-11-20 02:00:00',
        holdoutFrom: '2026-11-20 02:00:00',
        holdoutTo: '2026-11-20 03:00:00',
        quality: {
          examples: 4,
          positives: 2,
          logLoss: expect.closeTo(-(Math.log(0.9) + Math.log(0.7) + Math.log(0.6) + Math.log(0.8)) / 4, 12),
          auc: 1,
          calibrationRatio: expect.closeTo(0.9, 12),
          // Bins of two: |0.4 - 0| + |1.4 - 2| over 4 examples.
          expectedCalibrationError: expect.closeTo(0.25, 12),
        },
        currentQuality: expect.objectContaining({ examples: 4, positives: 2, auc: 0 }),
        createdAt: '2026-11-20 03:00:00',
      });
      expect(models.elements[2]?.refusedChecks).toEqual(['log_loss', 'auc']);
      expect(models.elements[4]?.currentQuality).toBeNull();
      expect(models.elements[0]?.quality).toEqual({
        examples: 0,
        positives: 0,
        logLoss: null,
        auc: null,
        calibrationRatio: null,
        expectedCalibrationError: 0,
      });
    });

    it('filters by kind and status, and pages', async () => {
      const click = await list('?kind=click');
      expect(click.elements.map((m) => m.version)).toEqual([3, 2, 1]);
      const published = await list('?kind=conversion&status=published');
      expect(published.elements.map((m) => [m.kind, m.version])).toEqual([['conversion', 1]]);
      const second = await list('?kind=click&perPage=2&page=2');
      expect(second.elements.map((m) => m.version)).toEqual([1]);
      expect(second.meta).toEqual({ page: 2, perPage: 2, total: 3, lastPage: 2 });
    });

    it('gives one version with its calibration bins and those of the version in use then', async () => {
      const res = await t.call({ method: 'GET', url: `${url}/click/2`, token: admin });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const { model } = predictionModelResponse.parse(res.body).data;
      expect(model).toMatchObject({ kind: 'click', version: 2, inUse: true });
      // Two bins of equal counts by prediction: 0.1 and 0.3 (none happened), 0.6 and 0.8 (both).
      expect(model.quality.calibrationBins).toEqual([
        { examples: 2, meanPrediction: expect.closeTo(0.2, 12), positiveRate: 0 },
        { examples: 2, meanPrediction: expect.closeTo(0.7, 12), positiveRate: 1 },
      ]);
      expect(model.currentQuality?.calibrationBins).toEqual([
        { examples: 2, meanPrediction: expect.closeTo(0.2, 12), positiveRate: 1 },
        { examples: 2, meanPrediction: expect.closeTo(0.7, 12), positiveRate: 0 },
      ]);
      const first = await t.call({ method: 'GET', url: `${url}/click/1`, token: admin });
      expect(first.body.data.model.currentQuality).toBeNull();
    });

    it('answers 404 for a version that does not exist', async () => {
      const res = await t.call({ method: 'GET', url: `${url}/conversion/3`, token: admin });
      expect(res.status).toBe(404);
    });
  });

  it('answers 422 to a kind, status or version that is not one', async () => {
    for (const path of [
      '?kind=impression',
      '?status=draft',
      '?perPage=0',
      '/impression/1',
      '/click/0',
      '/click/one',
      '/click/2147483648',
    ]) {
      const res = await t.call({ method: 'GET', url: `${url}${path}`, token: admin });
      expect(res.status, path).toBe(422);
    }
  });

  it('is for admins who may read the configuration; agency and advertiser users 403, no token 401', async () => {
    const viewer = await adminWithRole(t, 'viewer', 'vera@example.com');
    expect((await list('', viewer)).meta.total).toBe(5);
    for (const [panel, account] of [
      ['agency', demoAccounts.agency],
      ['advertiser', demoAccounts.advertiser],
    ] as const) {
      const token = await t.loginAs(panel, account.login, account.password);
      for (const path of ['', '/click/1']) {
        const refused = await t.call({ method: 'GET', url: `${url}${path}`, token });
        expect(refused.status).toBe(403);
        expect(refused.body.message).toBe(messages.forbidden);
      }
    }
    expect((await t.call({ method: 'GET', url })).status).toBe(401);
  });
});
