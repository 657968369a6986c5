import { shiftDay } from '@rtb/shared';
import type { FastifyBaseLogger } from 'fastify';
import { type AppDeps, inTransaction } from '../../../core/deps';
import { queueEmail } from '../../platform';
import { getReport } from '../../reporting';
import {
  claimWeeklyReports,
  type DueWeeklyReport,
  dueWeeklyReports,
  recordWeeklyReportEmail,
} from './repository';
import { hadDelivery, TOP_CAMPAIGNS, type WeekReport, weeklyReportVars } from './weekly-report-mail';

export interface WeeklyReportsRound {
  /** Mails queued. */
  queued: number;
  /** Users whose advertiser had no delivery in the week nor the week before: no mail, and done. */
  skipped: number;
}

/** A week's totals and its campaigns, the largest spend first (the report split by campaign). */
async function weekReport(
  deps: AppDeps,
  advertiserId: number,
  week: { from: string; to: string },
): Promise<WeekReport> {
  const report = await getReport(deps, advertiserId, {
    ...week,
    time: 'none',
    by: 'campaign',
    compare: 'none',
    page: 1,
    perPage: TOP_CAMPAIGNS * 10,
  });
  return {
    currency: report.currency,
    totals: report.totals,
    // Split by campaign, every figure is there (only a product's row lacks spend).
    campaigns: report.rows.elements.map((row) => ({
      ...row,
      name: row.name ?? '',
      spendMicros: row.spendMicros ?? 0,
    })),
  };
}

/**
 * Queues the weekly report mails due at `now` (see `dueWeeklyReports`): one transaction per
 * advertiser and week takes its users' reports, computes the week and the week before once, and
 * queues each user's mail in their language, so the mail and the mark that it went commit
 * together. An advertiser with no delivery in both weeks gets none (nobody wants an empty
 * summary), and is marked done all the same. An advertiser that fails is logged and tried again
 * in the next round; the others go on.
 */
export async function queueWeeklyReports(
  deps: AppDeps,
  now: Date,
  log?: Pick<FastifyBaseLogger, 'error'>,
): Promise<WeeklyReportsRound> {
  const groups = new Map<string, DueWeeklyReport[]>();
  for (const due of await dueWeeklyReports(deps.db, now)) {
    const key = `${due.advertiserId}:${due.weekStart}`;
    groups.set(key, [...(groups.get(key) ?? []), due]);
  }
  const round: WeeklyReportsRound = { queued: 0, skipped: 0 };
  for (const users of groups.values()) {
    try {
      const done = await inTransaction(deps, (tx) => queueAdvertiserWeek(tx, users));
      round.queued += done.queued;
      round.skipped += done.skipped;
    } catch (err) {
      const [first] = users;
      if (!log) throw err;
      log.error(
        { err, advertiserId: first?.advertiserId, week: first?.weekStart },
        'weekly reports not queued',
      );
    }
  }
  return round;
}

/** One advertiser's users, all due for the same week. */
async function queueAdvertiserWeek(deps: AppDeps, users: DueWeeklyReport[]): Promise<WeeklyReportsRound> {
  const [first] = users;
  if (!first) return { queued: 0, skipped: 0 };
  const { advertiserId, weekStart } = first;
  const claimed = new Set(
    await claimWeeklyReports(
      deps.db,
      weekStart,
      users.map((u) => u.advertiserUserId),
    ),
  );
  const mine = users.filter((u) => claimed.has(u.advertiserUserId));
  if (!mine.length) return { queued: 0, skipped: 0 };

  const week = { from: weekStart, to: shiftDay(weekStart, 6) };
  const current = await weekReport(deps, advertiserId, week);
  const previous = await weekReport(deps, advertiserId, {
    from: shiftDay(weekStart, -7),
    to: shiftDay(weekStart, -1),
  });
  if (!hadDelivery(current) && !hadDelivery(previous)) return { queued: 0, skipped: mine.length };

  const query = new URLSearchParams(week).toString();
  for (const user of mine) {
    const mail = await queueEmail(deps, {
      to: user.email,
      accountId: user.accountId,
      templateKey: 'weekly-report',
      locale: user.locale,
      vars: weeklyReportVars({
        week,
        current,
        previous,
        locale: user.locale,
        minorUnits: user.minorUnits,
        firstName: user.firstName,
        advertiserName: user.advertiserName,
        link: `${deps.config.publicUrl}/panel/advertiser/reports?${query}`,
        settingsLink: `${deps.config.publicUrl}/panel/advertiser/me`,
      }),
    });
    await recordWeeklyReportEmail(deps.db, user.advertiserUserId, weekStart, mail.id);
  }
  return { queued: mine.length, skipped: 0 };
}
