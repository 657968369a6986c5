import { randomUUID } from 'node:crypto';
import { tagEvents } from '@rtb/db';
import type { AudienceBodyInput, TagEventType } from '@rtb/shared';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/harness';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A moment `days` (and `hours`) before now. */
export const ago = (days: number, hours = 0) => new Date(Date.now() - days * DAY_MS - hours * HOUR_MS);

/**
 * A tag event straight into the table (the events endpoint is the tag module's): a shop event of
 * the advertiser's visitor, `userId` our cookie id (null: the browser gave none).
 */
export async function insertTagEvent(
  t: TestApp,
  advertiserId: number,
  event: {
    type: TagEventType;
    userId: string | null;
    at: Date;
    productIds?: string[];
    bot?: boolean;
  },
): Promise<void> {
  await t.database.db.insert(tagEvents).values({
    eventKey: `tag:${advertiserId}:${randomUUID()}`,
    advertiserId,
    type: event.type,
    receivedAt: event.at,
    visitorId: randomUUID(),
    userId: event.userId,
    productIds: event.productIds ?? [],
    bot: event.bot ?? false,
  });
}

/** Creates an audience through the API as the token's advertiser; returns it. */
export async function createAudience(t: TestApp, token: string, body: AudienceBodyInput) {
  const res = await t.call({ method: 'POST', url: '/api/advertiser/audiences', token, payload: body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.audience as { id: number; estimatedSize: number; campaignCount: number; name: string };
}
