import { clickExamples, conversionExamples, type ExampleWindow, type TrainingExample } from '@rtb/delivery';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { BANNER_ID, bidContext, CAMPAIGN_ID, insertBids } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const FROM = new Date('2030-03-01T10:00:00Z');
const TO = new Date('2030-03-01T11:00:00Z');
const MINUTE = 60_000;
const at = (ms: number) => new Date(FROM.getTime() + ms);
const window = (change: Partial<ExampleWindow> = {}): ExampleWindow => ({
  from: FROM,
  to: TO,
  after: null,
  limit: 100,
  ...change,
});
/** Each example as its domain (every bid below has its own) and label. */
const labelled = (examples: TrainingExample[]) => examples.map((e) => [e.features.domain, e.positive]);

describe('training examples', () => {
  beforeAll(async () => {
    await insertBids(t.database.db, [
      {
        bidId: 'clicked',
        at: at(1 * MINUTE),
        domain: 'clicked.example',
        context: bidContext({ w: 320, h: 50, os: 'ios', hr: 9, aud: 5, age: 600, pos: 1 }),
        deviceType: 'mobile',
        click: { afterMs: 20_000 },
        conversion: { afterMs: 3_600_000 },
      },
      { bidId: 'unclicked', at: at(2 * MINUTE), domain: 'unclicked.example' },
      {
        bidId: 'invalid-click',
        at: at(3 * MINUTE),
        domain: 'invalid-click.example',
        click: { afterMs: 5_000, invalid: true },
      },
      {
        bidId: 'no-context',
        at: at(4 * MINUTE),
        domain: 'no-context.example',
        context: null,
        click: { afterMs: 1 },
      },
      { bidId: 'bot', at: at(5 * MINUTE), domain: 'bot.example', invalid: true },
      { bidId: 'before', at: at(-1), domain: 'before.example' },
      { bidId: 'at-end', at: TO, domain: 'at-end.example' },
      // Billed 2 h after its bid of the day before: an example of the window all the same.
      {
        bidId: 'late',
        at: at(6 * MINUTE),
        bidAt: at(-2 * 60 * MINUTE),
        domain: 'late.example',
        click: { afterMs: 1_000 },
      },
      // Billed two days after its bid: out of the partitions read.
      { bidId: 'too-late', at: at(7 * MINUTE), bidAt: at(-48 * 60 * MINUTE), domain: 'too-late.example' },
      // Clicked: a conversion of its view only, then one held, then a click before the window.
      {
        bidId: 'viewed',
        at: at(8 * MINUTE),
        domain: 'viewed.example',
        click: { afterMs: 1_000 },
        conversion: { afterMs: 60_000, attribution: 'view' },
      },
      {
        bidId: 'held',
        at: at(9 * MINUTE),
        domain: 'held.example',
        click: { afterMs: 1_000 },
        conversion: { afterMs: 60_000, invalid: true },
      },
      {
        bidId: 'clicked-into-window',
        at: at(-10 * MINUTE),
        domain: 'clicked-into-window.example',
        click: { afterMs: 11 * MINUTE },
        conversion: { afterMs: 60_000 },
      },
      {
        bidId: 'clicked-after',
        at: at(59 * MINUTE),
        domain: 'clicked-after.example',
        click: { afterMs: MINUTE },
      },
    ]);
  });

  it('of clicks: valid impressions with a bid context in the window, positive when validly clicked', async () => {
    const page = await clickExamples(t.database.db, window());
    expect(labelled(page.examples)).toEqual([
      ['clicked.example', true],
      ['unclicked.example', false],
      ['invalid-click.example', false],
      ['late.example', true],
      ['viewed.example', true],
      ['held.example', true],
      ['clicked-after.example', true],
    ]);
    expect(page.next).toBeNull();
    expect(page.examples[0]?.features).toEqual({
      width: 320,
      height: 50,
      domain: 'clicked.example',
      deviceType: 'mobile',
      os: 'ios',
      country: 'PL',
      localHour: 9,
      creativeId: BANNER_ID,
      campaignId: CAMPAIGN_ID,
      audienceId: 5,
      lastProductViewAgeSeconds: 600,
      adPosition: 1,
    });
  });

  it('of conversions: valid clicks in the window of impressions with a bid context, positive when a conversion was attributed to the click', async () => {
    const page = await conversionExamples(t.database.db, window());
    expect(labelled(page.examples)).toEqual([
      ['clicked-into-window.example', true],
      ['clicked.example', true],
      ['late.example', false],
      ['viewed.example', false],
      ['held.example', false],
    ]);
    // The impression's features, at the click's time.
    expect(page.examples[1]?.features).toMatchObject({ width: 320, os: 'ios', deviceType: 'mobile' });
  });

  it('page by their time: each page goes on after the last', async () => {
    const pages: TrainingExample[][] = [];
    let after: ExampleWindow['after'] = null;
    do {
      const page = await clickExamples(t.database.db, window({ after, limit: 3 }));
      pages.push(page.examples);
      after = page.next;
    } while (after);
    expect(pages.map((page) => page.length)).toEqual([3, 3, 1]);
    expect(labelled(pages.flat())).toEqual(labelled((await clickExamples(t.database.db, window())).examples));
    // A window's end is where a page ends when it is full.
    const full = await clickExamples(t.database.db, window({ limit: 7 }));
    expect(full.next).toMatchObject({ eventKey: 'impression:clicked-after' });
    expect(await clickExamples(t.database.db, window({ after: full.next }))).toEqual({
      examples: [],
      next: null,
    });
  });
});
