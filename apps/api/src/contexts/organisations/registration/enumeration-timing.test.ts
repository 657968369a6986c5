import { agencies, demoAccounts } from '@rtb/db';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { expectSameTime, interleavedTimes } from '../../../test/timing';

let t: TestApp;
let countryId: number;
let currencyId: number;
beforeAll(async () => {
  t = await createTestApp({ demo: true, config: { trustProxy: true } });
  countryId = await t.referenceId('countries', 'PL');
  currencyId = await t.referenceId('currencies', 'PLN');
});
afterAll(() => t.close());

describe('no account enumeration by timing (issue 12, item 6)', () => {
  it('registering takes as long with a new login as with a taken one, and the new ones are created', async () => {
    let request = 0;
    let newLogins = 0;
    const newLogin = (round: number) => {
      newLogins++;
      return `timing-${round}@example.com`;
    };
    const register = (email: (round: number) => string) => async (round: number) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/agency/auth/register',
        // Each from its own address: the per-address limit is not what is measured.
        headers: { 'x-forwarded-for': `10.1.${Math.floor(++request / 250)}.${request % 250}` },
        payload: {
          name: 'Timing Agency',
          countryId,
          currencyId,
          firstName: 'Tia',
          lastName: 'Timing',
          email: email(round),
          password: 'lantern-parsley-42',
          passwordConfirmation: 'lantern-parsley-42',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    const times = await interleavedTimes([register(newLogin), register(() => demoAccounts.agency.login)], {
      between: () => t.deps.background.settled(),
    });
    expectSameTime(times, 'new vs taken login');
    const [created] = await t.database.db
      .select({ n: count() })
      .from(agencies)
      .where(eq(agencies.name, 'Timing Agency'));
    expect(created?.n).toBe(newLogins);
  });
});
