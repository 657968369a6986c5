import { advertisers, agencies, type DatabaseHandle, logRegulations, regulations } from '@rtb/db';
import { createTestDatabase } from '@rtb/db/testing';
import { organisationsWithAcceptedRegulations } from '@rtb/delivery';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

describe('organisationsWithAcceptedRegulations', () => {
  let database: DatabaseHandle;
  let agencyA: number;
  let agencyB: number;
  let advertiserA: number;
  let advertiserB: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    const [a, b] = await database.db
      .insert(agencies)
      .values([{ name: 'Agency A' }, { name: 'Agency B' }])
      .returning({ id: agencies.id });
    const [c, d] = await database.db
      .insert(advertisers)
      .values([
        { name: 'Advertiser A', code: 'ADV-A' },
        { name: 'Advertiser B', code: 'ADV-B' },
      ])
      .returning({ id: advertisers.id });
    agencyA = a?.id as number;
    agencyB = b?.id as number;
    advertiserA = c?.id as number;
    advertiserB = d?.id as number;
  });
  afterAll(() => database.close());
  // Every case starts without regulations (the reference seed adds some).
  beforeEach(async () => {
    await database.db.delete(regulations);
  });

  const all = () => ({ agencyIds: [agencyA, agencyB], advertiserIds: [advertiserA, advertiserB] });
  const addRegulation = async (
    type: 'terms-of-service' | 'privacy-policy',
    version: number,
    enabled: boolean,
  ) => {
    const [row] = await database.db
      .insert(regulations)
      .values({ type, version, enabled })
      .returning({ id: regulations.id });
    return row?.id as number;
  };
  const accept = (regulationId: number, org: { agencyId?: number; advertiserId?: number }) =>
    database.db.insert(logRegulations).values({ regulationId, ...org });

  it('counts everyone as accepted when no regulation is enabled', async () => {
    await addRegulation('terms-of-service', 1, false);
    const result = await organisationsWithAcceptedRegulations(database.db, all());
    expect(result.agencyIds).toEqual(new Set([agencyA, agencyB]));
    expect(result.advertiserIds).toEqual(new Set([advertiserA, advertiserB]));
  });

  it('answers only for the organisations asked about', async () => {
    const result = await organisationsWithAcceptedRegulations(database.db, {
      agencyIds: [agencyB],
      advertiserIds: [],
    });
    expect(result.agencyIds).toEqual(new Set([agencyB]));
    expect(result.advertiserIds).toEqual(new Set());
    const none = await organisationsWithAcceptedRegulations(database.db, {
      agencyIds: [],
      advertiserIds: [],
    });
    expect(none.agencyIds.size + none.advertiserIds.size).toBe(0);
  });

  it('requires the current version of every type', async () => {
    const terms = await addRegulation('terms-of-service', 1, true);
    const privacy = await addRegulation('privacy-policy', 1, true);
    await accept(terms, { agencyId: agencyA });
    await accept(privacy, { agencyId: agencyA });
    await accept(terms, { agencyId: agencyB });
    await accept(terms, { advertiserId: advertiserB });
    await accept(privacy, { advertiserId: advertiserB });

    const result = await organisationsWithAcceptedRegulations(database.db, all());
    expect(result.agencyIds).toEqual(new Set([agencyA]));
    expect(result.advertiserIds).toEqual(new Set([advertiserB]));
  });

  it('asks again when a newer version is enabled, not while it is disabled', async () => {
    const terms = await addRegulation('terms-of-service', 1, true);
    await accept(terms, { agencyId: agencyA });
    await accept(terms, { advertiserId: advertiserA });
    const draft = await addRegulation('terms-of-service', 2, false);

    const beforePublishing = await organisationsWithAcceptedRegulations(database.db, all());
    expect(beforePublishing.agencyIds).toEqual(new Set([agencyA]));
    expect(beforePublishing.advertiserIds).toEqual(new Set([advertiserA]));

    await database.db.update(regulations).set({ enabled: true }).where(eq(regulations.id, draft));
    const afterPublishing = await organisationsWithAcceptedRegulations(database.db, all());
    expect(afterPublishing.agencyIds).toEqual(new Set());
    expect(afterPublishing.advertiserIds).toEqual(new Set());

    await accept(draft, { agencyId: agencyA });
    const afterAccepting = await organisationsWithAcceptedRegulations(database.db, all());
    expect(afterAccepting.agencyIds).toEqual(new Set([agencyA]));
    expect(afterAccepting.advertiserIds).toEqual(new Set());
  });

  it('falls back to the older version when the newest is disabled again', async () => {
    const v1 = await addRegulation('terms-of-service', 1, true);
    await addRegulation('terms-of-service', 2, false);
    await accept(v1, { advertiserId: advertiserA });
    const result = await organisationsWithAcceptedRegulations(database.db, all());
    expect(result.advertiserIds).toEqual(new Set([advertiserA]));
    expect(result.agencyIds).toEqual(new Set());
  });
});
