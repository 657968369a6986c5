import { campaignDailyStats, type Database, deliveryEventLog, deliveryEvents } from '@rtb/db';
import { until } from '@rtb/operations/testing';
import { count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { HttpExchange } from './http-exchange';
import { expectBooksBalanced, spendBooks } from './spend-books';

/** Waits until the event log is empty: every acknowledged event folded into the records. */
export async function untilLogFolded(db: Database, timeoutMs = 60_000): Promise<void> {
  await until(
    async () => Number((await db.select({ n: count() }).from(deliveryEventLog))[0]?.n) === 0,
    'the event log folded',
    timeoutMs,
  );
}

/**
 * Every win and billing notice the exchange had answered 200 is in the database exactly once,
 * and no impression besides the billed ones is; the billed event keys.
 */
export async function expectNoticesCountedOnce(db: Database, exchange: HttpExchange): Promise<Set<string>> {
  const events = await db
    .select({ key: deliveryEvents.eventKey, kind: deliveryEvents.kind, n: count() })
    .from(deliveryEvents)
    .groupBy(deliveryEvents.eventKey, deliveryEvents.kind);
  const counts = new Map(events.map((event) => [event.key, event.n]));
  const noticed = new Set(
    [...exchange.answered('win'), ...exchange.answered('bill')].map((call) => call.eventKey as string),
  );
  expect([...noticed].filter((key) => counts.get(key) !== 1)).toEqual([]);
  const billed = new Set(exchange.answered('bill').map((call) => call.eventKey as string));
  expect(
    events
      .filter((event) => event.kind === 'impression')
      .map((event) => event.key)
      .sort(),
  ).toEqual([...billed].sort());
  return billed;
}

/**
 * Each of the `impressions` billed impressions' cost once in the events, the campaign's daily
 * rollup and the ledger (`expectBooksBalanced`); the books and the campaign's days.
 */
export async function expectSpendBooked(
  db: Database,
  advertiserId: number,
  campaignId: number,
  impressions: number,
) {
  const books = await spendBooks(db, advertiserId);
  expectBooksBalanced(books);
  expect(books.billed.impressions).toBe(impressions);
  const days = await db
    .select({
      day: campaignDailyStats.day,
      impressions: campaignDailyStats.impressions,
      spend: campaignDailyStats.spendMicros,
    })
    .from(campaignDailyStats)
    .where(eq(campaignDailyStats.campaignId, campaignId));
  expect({
    impressions: days.reduce((sum, d) => sum + d.impressions, 0),
    spend: days.reduce((sum, d) => sum + d.spend, 0),
  }).toEqual({ impressions: books.billed.impressions, spend: books.billed.gross });
  return { books, days };
}
