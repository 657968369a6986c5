import { ALERT_DIGEST_HOUR, configKeys, type OverviewAlert } from '@rtb/shared';
import type { FastifyBaseLogger } from 'fastify';
import { type AppDeps, inTransaction } from '../../../core/deps';
import { queueEmail } from '../../platform';
import { type AdvertiserAlerts, overviewAlertsOf } from '../../reporting';
import { alertDigestVars, alertKinds } from './alert-digest-mail';
import {
  claimAlertDigests,
  type DueAlertDigest,
  dueAlertDigests,
  recordAlertDigestEmail,
} from './repository';

export interface AlertDigestsRound {
  /** Mails queued. */
  queued: number;
  /** Users whose clients raised no alert: no mail, and done for the day. */
  skipped: number;
}

/** The advertiser panel's page where an alert is dealt with. */
const advertiserPages: Record<OverviewAlert, string> = {
  funds_exhausted: 'payments',
  low_balance: 'payments',
  not_serving: 'campaigns',
  creative_rejected: 'banners',
  feed_failing: 'integrations',
  tag_silent: 'integrations',
};

/**
 * Where the mail sends the user: an agency user to the overview showing the clients with the one
 * kind of alert raised (or with any alert), an advertiser user to the page of the first alert.
 */
function linkOf(publicUrl: string, scope: DueAlertDigest['scope'], rows: AdvertiserAlerts[]): string {
  const kinds = alertKinds(rows);
  if ('agencyId' in scope)
    return `${publicUrl}/panel/agency/overview?alert=${kinds.length === 1 ? kinds[0] : 'any'}`;
  return `${publicUrl}/panel/advertiser/${advertiserPages[kinds[0] ?? 'not_serving']}`;
}

/**
 * Queues the alert digests due at `now` (see `dueAlertDigests`). For each agency (or advertiser)
 * and day, the overview's alerts are computed once, then one transaction takes its users' digests
 * and queues each user's mail in their language, so the mail and the mark that it went commit
 * together; a user whose clients raise no alert gets none, and is marked done all the same. The
 * alerts are computed before the transaction, so a concurrent process waits on the marks only for
 * as long as the mails take to queue. A group that fails is logged and tried again in the next
 * round; the others go on.
 */
export async function queueAlertDigests(
  deps: AppDeps,
  now: Date,
  log?: Pick<FastifyBaseLogger, 'error'>,
): Promise<AlertDigestsRound> {
  const timeZone = String(await deps.settings.get(deps.db, configKeys.defaultTimeZone));
  const groups = new Map<string, DueAlertDigest[]>();
  for (const due of await dueAlertDigests(deps.db, now, timeZone, ALERT_DIGEST_HOUR)) {
    const key = `${JSON.stringify(due.scope)}:${due.day}`;
    groups.set(key, [...(groups.get(key) ?? []), due]);
  }
  const round: AlertDigestsRound = { queued: 0, skipped: 0 };
  for (const users of groups.values()) {
    const [first] = users;
    if (!first) continue;
    try {
      const rows = await overviewAlertsOf(deps, first.scope, now);
      const done = await inTransaction(deps, (tx) => queueDigests(tx, users, rows));
      round.queued += done.queued;
      round.skipped += done.skipped;
    } catch (err) {
      if (!log) throw err;
      log.error({ err, ...first.scope, day: first.day }, 'alert digests not queued');
    }
  }
  return round;
}

/** One agency's (or advertiser's) users, all due for the same day, and its alerts. */
async function queueDigests(
  deps: AppDeps,
  users: DueAlertDigest[],
  rows: AdvertiserAlerts[],
): Promise<AlertDigestsRound> {
  const [first] = users;
  if (!first) return { queued: 0, skipped: 0 };
  const claimed = new Set(
    await claimAlertDigests(
      deps.db,
      first.day,
      users.map((u) => u.accountId),
    ),
  );
  const mine = users.filter((u) => claimed.has(u.accountId));
  if (!mine.length) return { queued: 0, skipped: 0 };
  if (!rows.length) return { queued: 0, skipped: mine.length };

  const { publicUrl } = deps.config;
  const panel = 'agencyId' in first.scope ? 'agency' : 'advertiser';
  for (const user of mine) {
    const mail = await queueEmail(deps, {
      to: user.email,
      accountId: user.accountId,
      templateKey: 'alert-digest',
      locale: user.locale,
      vars: alertDigestVars({
        day: user.day,
        rows,
        locale: user.locale,
        firstName: user.firstName,
        link: linkOf(publicUrl, user.scope, rows),
        settingsLink: `${publicUrl}/panel/${panel}/me`,
      }),
    });
    await recordAlertDigestEmail(deps.db, user.accountId, user.day, mail.id);
  }
  return { queued: mine.length, skipped: 0 };
}
