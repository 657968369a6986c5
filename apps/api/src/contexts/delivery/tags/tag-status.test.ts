import { randomBytes } from 'node:crypto';
import { demoAccounts } from '@rtb/db';
import { recordTagEvents, type TagAdvertiser, tagAdvertiser } from '@rtb/delivery';
import type { TagWireEvent } from '@rtb/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../../core/deps';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
let shop: string;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  shop = await t.loginAs('advertiser', demoAccounts.advertiser.login, demoAccounts.advertiser.password);
});
afterAll(() => t.close());

const settingsOf = async () => {
  const res = await t.call({ method: 'GET', url: '/api/advertiser/tag', token: shop });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.tag;
};
const record = (tag: TagAdvertiser, bot: boolean, count: number) =>
  inTransaction(t.deps, (tx) =>
    recordTagEvents(
      tx,
      Array.from({ length: count }, () => ({
        tag,
        event: { eventId: randomBytes(16).toString('base64url'), type: 'viewHome' } as TagWireEvent,
        visitorId: bot ? 'crawler' : 'visitor-1',
        userId: null,
        receivedAt: new Date(),
        bot,
      })),
    ),
  );

describe("the Tags tab's status line", () => {
  it("says only bots sent events until a person's event is counted", async () => {
    const tag = (await tagAdvertiser(t.deps, (await settingsOf()).tagKey)) as TagAdvertiser;
    expect(await settingsOf()).toMatchObject({ lastEventAt: null, eventsLast7Days: 0, onlyBots: false });
    await record(tag, true, 5);
    expect(await settingsOf()).toMatchObject({ lastEventAt: null, eventsLast7Days: 0, onlyBots: true });
    await record(tag, false, 1);
    const counted = await settingsOf();
    expect(counted).toMatchObject({ eventsLast7Days: 1, onlyBots: false });
    expect(counted.lastEventAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});
