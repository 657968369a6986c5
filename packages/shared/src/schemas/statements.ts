import { z } from 'zod';
import { ledgerTransactionTypes, organisationAccountPurposes } from '../enums';
import { apiDateTime, envelope } from './common';
import { currencyRef, organisationRef } from './organisations';
import { statementMessages } from './statements-messages';

const monthPattern = /^(\d{4})-(0[1-9]|1[0-2])$/;
/** The widest offset of a time zone ahead of UTC: a month has begun somewhere once UTC is this close to it. */
const MAX_ZONE_AHEAD_MS = 14 * 3_600_000;

/** Whether the month (`YYYY-MM`) has begun anywhere on earth at `now`. */
export function monthHasBegun(month: string, now = new Date()): boolean {
  const match = monthPattern.exec(month);
  if (!match) return false;
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, 1) - MAX_ZONE_AHEAD_MS <= now.getTime();
}

/**
 * A statement's month, `YYYY-MM` (year 2000 on), not after the current one: the API checks
 * it again in the organisation's time zone.
 */
export const statementMonth = z.string({ error: statementMessages.monthFormat }).superRefine((month, ctx) => {
  if (!monthPattern.test(month) || month < '2000-01')
    ctx.addIssue({ code: 'custom', message: statementMessages.monthFormat });
  else if (!monthHasBegun(month)) ctx.addIssue({ code: 'custom', message: statementMessages.futureMonth });
});

/** `GET /api/{agency|advertiser}/statements/:month`: the organisation's own statement. */
export const statementParams = z.object({ month: statementMonth });
/** Admin, and an agency for one of its advertisers: `.../advertisers/:id/statements/:month`. */
export const organisationStatementParams = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  month: statementMonth,
});

export const statementFormats = ['csv', 'pdf'] as const;
export type StatementFormat = (typeof statementFormats)[number];

/**
 * `.../statements/:month/download`: the statement as a file, in the user's language. CSV in
 * the `locale` style (the language's decimal separator, `DD.MM.YYYY`, a BOM) or `iso` (plain
 * numbers and ISO dates, for programs).
 */
export const statementFileQuery = z.object({
  format: z.enum(statementFormats),
  locale: z.enum(['en', 'pl']).default('en'),
  style: z.enum(['locale', 'iso']).default('locale'),
});
export type StatementFileQuery = z.infer<typeof statementFileQuery>;

/**
 * One line of a statement, as a bank's: a money operation, or a day's spend of one campaign
 * (`postings` ledger postings summed, e.g. 563 postings of 0.01). `balance` is the running
 * balance after the line (the opening balance plus every line up to it).
 */
export const statementLineDto = z.object({
  /** The ledger entry the line ends with (a line of one posting: that posting). */
  id: z.number().int(),
  /** When its last posting was made. */
  at: apiDateTime,
  /** The day it is booked on, `YYYY-MM-DD` in the statement's time zone (spend: the advertiser's). */
  day: z.string(),
  type: z.enum(ledgerTransactionTypes),
  /** How many ledger postings the line sums (1 unless it is a day's spend). */
  postings: z.number().int(),
  /** Spend: the advertiser that spent (on an agency's commission account, its client). */
  advertiser: organisationRef.nullable(),
  /** Spend: the campaign (null for spend recorded without one, or a campaign since deleted). */
  campaign: organisationRef.nullable(),
  /** A transfer's other side. */
  counterparty: organisationRef.nullable(),
  reason: z.string().nullable(),
  invoice: z.object({ id: z.number().int(), number: z.string() }).nullable(),
  /** Minor units: positive in, negative out. */
  amount: z.number().int(),
  balance: z.number().int(),
});
export type StatementLineDto = z.infer<typeof statementLineDto>;

/** What moved the account in the month, by operation type. */
export const statementTotalDto = z.object({
  type: z.enum(ledgerTransactionTypes),
  lines: z.number().int(),
  amount: z.number().int(),
});
export type StatementTotalDto = z.infer<typeof statementTotalDto>;

/** One account's part of a statement: opening balance, lines, totals and closing balance. */
export const statementAccountDto = z.object({
  account: z.enum(organisationAccountPurposes),
  opening: z.number().int(),
  /** Money in and money out in the month (sums of the positive and the negative lines). */
  credits: z.number().int(),
  debits: z.number().int(),
  totals: z.array(statementTotalDto),
  /** Opening plus every line; the API checks it against the ledger's balance at the end. */
  closing: z.number().int(),
  lines: z.array(statementLineDto),
});
export type StatementAccountDto = z.infer<typeof statementAccountDto>;

/**
 * An organisation's monthly statement: each of its accounts, from the month's first day to its
 * last (or to now, for the current month) in its time zone.
 */
export const statementDto = z.object({
  kind: z.enum(['agency', 'advertiser']),
  organisation: organisationRef,
  month: z.string(),
  /** The first and last day covered, `YYYY-MM-DD` (the current month: up to today). */
  from: z.string(),
  to: z.string(),
  /** False for the current month: a statement to date. */
  complete: z.boolean(),
  timeZone: z.string(),
  /** When it was made (the ledger as it stood then). */
  madeAt: apiDateTime,
  currency: currencyRef.nullable(),
  accounts: z.array(statementAccountDto),
});
export type StatementDto = z.infer<typeof statementDto>;
export const statementResponse = envelope({ statement: statementDto });
