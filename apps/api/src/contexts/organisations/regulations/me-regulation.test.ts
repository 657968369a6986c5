import {
  accounts,
  activityLogs,
  advertisers,
  agencies,
  authTokens,
  demoAccounts,
  logRegulations,
} from '@rtb/db';
import { organisationsWithAcceptedRegulations } from '@rtb/delivery';
import { regulationMessages } from '@rtb/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { issueSession } from '../../identity/auth/session';
import { hashToken } from '../../identity/auth/tokens';

let t: TestApp;
let admin: string;
let agency: string;
let advertiser: string;
let demoShopId: number;
let demoAgencyId: number;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  admin = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
  agency = await t.loginAs('agency', demoAccounts.agency.login, demoAccounts.agency.password);
  advertiser = await t.loginAs('advertiser', demoAccounts.advertiser.login, demoAccounts.advertiser.password);
  const [shop] = await t.database.db.select().from(advertisers).where(eq(advertisers.name, 'Demo Shop'));
  const [demoAgency] = await t.database.db.select().from(agencies).where(eq(agencies.name, 'Demo Agency'));
  demoShopId = shop?.id as number;
  demoAgencyId = demoAgency?.id as number;
});
afterAll(() => t.close());

type Document = { id: number; type: string; version: number; title: string; accepted: boolean };

async function meRegulation(kind: 'agency' | 'advertiser', token: string, query = '') {
  const res = await t.call({ method: 'GET', url: `/api/${kind}/me/regulation${query}`, token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { regulations: Document[]; hasRegulationAccepted: boolean };
}

const accept = (kind: 'agency' | 'advertiser', token: string, regulationIds: number[]) =>
  t.call({ method: 'POST', url: `/api/${kind}/me/regulation`, token, payload: { regulationIds } });

/** Publishes a new version of the terms of service: created, then enabled. */
async function publishTerms(content: string) {
  const created = await t.call({
    method: 'POST',
    url: '/api/admin/regulations',
    token: admin,
    payload: { type: 'terms-of-service', texts: [{ locale: 'en', title: 'Terms of service', content }] },
  });
  expect(created.status).toBe(201);
  const id = created.body.data.regulation.id as number;
  const enabled = await t.call({
    method: 'PUT',
    url: `/api/admin/regulations/${id}/enabled`,
    token: admin,
    payload: { enabled: true },
  });
  expect(enabled.status).toBe(200);
  return id;
}

const demoOrganisations = () =>
  organisationsWithAcceptedRegulations(t.database.db, {
    agencyIds: [demoAgencyId],
    advertiserIds: [demoShopId],
  });

describe('me/regulation', () => {
  let termsV1: number;
  let termsV2: number;

  it('the demo organisations have accepted the seeded documents', async () => {
    const state = await meRegulation('advertiser', advertiser);
    expect(state.hasRegulationAccepted).toBe(true);
    expect(state.regulations.map((r) => [r.type, r.version, r.accepted])).toEqual([
      ['privacy-policy', 1, true],
      ['terms-of-service', 1, true],
    ]);
    termsV1 = state.regulations[1]?.id as number;
    expect((await meRegulation('agency', agency)).hasRegulationAccepted).toBe(true);
  });

  it("shows the documents in the user's language, or the one asked for", async () => {
    const polish = await meRegulation('advertiser', advertiser, '?locale=pl');
    expect(polish.regulations.map((r) => r.title)).toEqual(['Polityka prywatności', 'Regulamin']);
  });

  it('a newly enabled version is pending until the organisation accepts it', async () => {
    termsV2 = await publishTerms('The second edition.');
    const state = await meRegulation('advertiser', advertiser);
    expect(state.hasRegulationAccepted).toBe(false);
    expect(state.regulations.map((r) => [r.type, r.version, r.accepted])).toEqual([
      ['privacy-policy', 1, true],
      ['terms-of-service', 2, false],
    ]);
    const orgs = await demoOrganisations();
    expect(orgs.advertiserIds.has(demoShopId)).toBe(false);
    expect(orgs.agencyIds.has(demoAgencyId)).toBe(false);
  });

  it('refuses versions that are not current, and records nothing', async () => {
    const before = await t.database.db.select().from(logRegulations);
    for (const ids of [[termsV1], [termsV2, 999999]]) {
      const res = await accept('advertiser', advertiser, ids);
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ regulationIds: [regulationMessages.notCurrent] });
    }
    const empty = await accept('advertiser', advertiser, []);
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors)).toEqual(['regulationIds']);
    expect(await t.database.db.select().from(logRegulations)).toHaveLength(before.length);
  });

  it('a "log in as" session may not accept on the user\'s behalf', async () => {
    const [adminToken] = await t.database.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, hashToken(admin)));
    const [account] = await t.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.login, demoAccounts.advertiser.login));
    const session = await issueSession(
      t.deps,
      account?.id as number,
      { ip: null, userAgent: null },
      adminToken?.id as number,
    );
    expect(session.me.hasSourceUser).toBe(true);
    // Reading is fine: the panel shows the notice.
    expect((await meRegulation('advertiser', session.authToken)).hasRegulationAccepted).toBe(false);
    const res = await accept('advertiser', session.authToken, [termsV2]);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      message: regulationMessages.impersonatedAcceptance,
      code: 403,
      error: 'regulations.impersonated_acceptance',
    });
    expect(
      await t.database.db.select().from(logRegulations).where(eq(logRegulations.regulationId, termsV2)),
    ).toHaveLength(0);
  });

  it("accepting records who accepted for the user's organisation, once", async () => {
    const res = await accept('advertiser', advertiser, [termsV2]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.hasRegulationAccepted).toBe(true);
    expect(res.body.data.regulations[1]).toMatchObject({ id: termsV2, accepted: true });
    expect(res.body.data.regulations[1].acceptedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const [account] = await t.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.login, demoAccounts.advertiser.login));
    const rows = await t.database.db
      .select()
      .from(logRegulations)
      .where(eq(logRegulations.regulationId, termsV2));
    expect(rows).toEqual([
      expect.objectContaining({
        accountId: account?.id,
        advertiserId: demoShopId,
        agencyId: null,
        ip: '127.0.0.1',
      }),
    ]);
    const [logged] = await t.database.db
      .select()
      .from(activityLogs)
      .where(
        and(eq(activityLogs.entityType, 'log_regulation'), eq(activityLogs.entityId, String(rows[0]?.id))),
      );
    expect(logged).toMatchObject({ event: 'created', advertiserId: demoShopId, actorAccountId: account?.id });
    expect(logged?.changes).toEqual({
      before: null,
      after: { regulationId: termsV2, type: 'terms-of-service', version: 2 },
    });

    // Again: the same answer, no second row, nothing more in the activity log.
    const again = await accept('advertiser', advertiser, [termsV2, termsV2]);
    expect(again.status).toBe(200);
    expect(again.body.data.hasRegulationAccepted).toBe(true);
    expect(
      await t.database.db.select().from(logRegulations).where(eq(logRegulations.regulationId, termsV2)),
    ).toHaveLength(1);
    expect(
      await t.database.db.select().from(activityLogs).where(eq(activityLogs.entityType, 'log_regulation')),
    ).toHaveLength(1);
  });

  it("an advertiser's acceptance is its own: its agency still has to accept", async () => {
    const orgs = await demoOrganisations();
    expect(orgs.advertiserIds.has(demoShopId)).toBe(true);
    expect(orgs.agencyIds.has(demoAgencyId)).toBe(false);
    expect((await meRegulation('agency', agency)).hasRegulationAccepted).toBe(false);

    // An advertiser header does not move an agency user's acceptance to the advertiser.
    const res = await t.call({
      method: 'POST',
      url: '/api/agency/me/regulation',
      token: agency,
      headers: { 'advertiser-id': String(demoShopId) },
      payload: { regulationIds: [termsV2] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.hasRegulationAccepted).toBe(true);
    const rows = await t.database.db
      .select()
      .from(logRegulations)
      .where(eq(logRegulations.regulationId, termsV2));
    expect(rows.map((row) => [row.agencyId, row.advertiserId])).toEqual(
      expect.arrayContaining([
        [demoAgencyId, null],
        [null, demoShopId],
      ]),
    );
    expect(rows).toHaveLength(2);
    expect((await demoOrganisations()).agencyIds.has(demoAgencyId)).toBe(true);
  });

  it('the accepted version can no longer be edited, and disabling it brings back the previous one', async () => {
    const edit = await t.call({
      method: 'PUT',
      url: `/api/admin/regulations/${termsV2}`,
      token: admin,
      payload: { texts: [{ locale: 'en', title: 'Terms', content: 'Rewritten.' }] },
    });
    expect(edit.status).toBe(422);
    expect(edit.body.errors).toEqual({ texts: [regulationMessages.alreadyAccepted] });

    await t.call({
      method: 'PUT',
      url: `/api/admin/regulations/${termsV2}/enabled`,
      token: admin,
      payload: { enabled: false },
    });
    const state = await meRegulation('advertiser', advertiser);
    expect(state.regulations.map((r) => r.id)).toContain(termsV1);
    expect(state.hasRegulationAccepted).toBe(true);
  });
});

describe('admin log-regulations', () => {
  const logs = async (query = '') => {
    const res = await t.call({ method: 'GET', url: `/api/admin/log-regulations${query}`, token: admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.logRegulations as {
      elements: {
        regulation: { type: string; version: number };
        user: { name: string; email: string } | null;
        agency: { name: string } | null;
        advertiser: { name: string } | null;
        ip: string | null;
      }[];
      meta: { total: number };
    };
  };

  it('lists who accepted which version for which organisation, newest first', async () => {
    const { elements, meta } = await logs();
    expect(meta.total).toBe(8); // 3 demo organisations x 2 seeded documents, and 2 of version 2
    expect(elements[0]).toEqual({
      id: expect.any(Number),
      createdAt: expect.any(String),
      regulation: { id: expect.any(Number), type: 'terms-of-service', version: 2 },
      user: { id: expect.any(Number), name: 'Adam Agencki', email: demoAccounts.agency.login },
      agency: { id: demoAgencyId, name: 'Demo Agency' },
      advertiser: null,
      ip: '127.0.0.1',
    });
    expect(elements[1]).toMatchObject({
      user: { name: 'Dorota Sklepowa', email: demoAccounts.advertiser.login },
      agency: null,
      advertiser: { id: demoShopId, name: 'Demo Shop' },
    });
  });

  it('filters by version, agency and advertiser, searches and pages', async () => {
    const version2 = (await logs()).elements[0]?.regulation as unknown as { id: number };
    expect((await logs(`?regulationId=${version2.id}`)).meta.total).toBe(2);
    expect((await logs(`?advertiserId=${demoShopId}`)).meta.total).toBe(3);
    expect((await logs(`?agencyId=${demoAgencyId}`)).meta.total).toBe(3);
    const solo = await logs('?search=solo');
    expect(solo.meta.total).toBe(2);
    expect(solo.elements.every((row) => row.advertiser?.name === 'Solo Store')).toBe(true);
    const page = await logs('?perPage=3&page=3');
    expect(page.elements).toHaveLength(2);
    expect(
      (await t.call({ method: 'GET', url: '/api/admin/log-regulations?regulationId=x', token: admin }))
        .status,
    ).toBe(422);
  });
});

describe('registration', () => {
  it('a registered organisation has accepted the current documents (the form says so)', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/agency/auth/register',
      payload: {
        name: 'Fresh Agency',
        countryId: await t.referenceId('countries', 'PL'),
        currencyId: await t.referenceId('currencies', 'PLN'),
        firstName: 'Nina',
        lastName: 'Nowak',
        phone: '',
        email: 'nina@fresh-agency.example.com',
        password: 'lantern-parsley-42',
        passwordConfirmation: 'lantern-parsley-42',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [fresh] = await t.database.db.select().from(agencies).where(eq(agencies.name, 'Fresh Agency'));
    const [account] = await t.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.login, 'nina@fresh-agency.example.com'));
    const rows = await t.database.db
      .select()
      .from(logRegulations)
      .where(eq(logRegulations.agencyId, fresh?.id as number));
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.accountId === account?.id)).toBe(true);
    const orgs = await organisationsWithAcceptedRegulations(t.database.db, {
      agencyIds: [fresh?.id as number],
      advertiserIds: [],
    });
    expect(orgs.agencyIds.has(fresh?.id as number)).toBe(true);
  });
});
