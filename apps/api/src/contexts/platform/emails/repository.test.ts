import { queuedEmails } from '@rtb/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { insertQueuedEmail, leaseDueEmails, listQueuedEmails, markFailedAttempt } from './repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(queuedEmails);
});

const insert = (to: string, nextAttemptAt = new Date()) =>
  insertQueuedEmail(t.database.db, {
    toAddress: to,
    templateKey: 'password-reset',
    locale: 'en',
    subject: 'S',
    html: '<p>H</p>',
    text: 'H',
    nextAttemptAt,
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('leaseDueEmails', () => {
  it('leases due mails oldest first, up to the limit, counting the attempt', async () => {
    const ids = [];
    for (const to of ['a@x.test', 'b@x.test', 'c@x.test']) ids.push((await insert(to)).id);
    const leased = await leaseDueEmails(t.database.db, 2, 60_000);
    expect(leased.map((m) => [m.id, m.attempts])).toEqual([
      [ids[0], 1],
      [ids[1], 1],
    ]);
    expect(leased[0]?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
  });

  it('skips mails not yet due and mails that are not pending', async () => {
    await insert('later@x.test', new Date(Date.now() + 60_000));
    const gaveUp = await insert('failed@x.test');
    await markFailedAttempt(t.database.db, gaveUp.id, 'boom', null);
    expect(await leaseDueEmails(t.database.db, 10, 60_000)).toEqual([]);
  });

  it('gives a leased mail out again only once the lease has run out (a worker that crashed)', async () => {
    const mail = await insert('crash@x.test');
    expect(await leaseDueEmails(t.database.db, 10, 400)).toHaveLength(1);
    expect(await leaseDueEmails(t.database.db, 10, 400)).toHaveLength(0);
    await sleep(450);
    const again = await leaseDueEmails(t.database.db, 10, 400);
    expect(again.map((m) => [m.id, m.attempts])).toEqual([[mail.id, 2]]);
  });
});

describe('listQueuedEmails', () => {
  it('lists all mails or the ones to one address, in queue order', async () => {
    await insert('one@x.test');
    await insert('two@x.test');
    await insert('one@x.test');
    expect((await listQueuedEmails(t.database.db)).map((m) => m.toAddress)).toEqual([
      'one@x.test',
      'two@x.test',
      'one@x.test',
    ]);
    expect(await listQueuedEmails(t.database.db, 'one@x.test')).toHaveLength(2);
  });
});
