import { activityLogs } from '@rtb/db';
import { and, asc, eq } from 'drizzle-orm';
import pino from 'pino';
import type { TestApp } from '../../../test/harness';
import { queueEmail } from '../../platform/emails/queue';
import { type MailWorker, startMailWorker } from '../../platform/emails/worker';

/** A mail worker whose transport refuses the addresses in `refused`; it runs only when asked. */
export function startTestWorker(t: TestApp) {
  const delivered: string[] = [];
  const refused = new Set<string>();
  const worker: MailWorker = startMailWorker({
    db: t.database.db,
    transport: {
      async sendMail(mail) {
        if (refused.has(mail.to)) throw new Error(`550 Mailbox ${mail.to} unavailable`);
        delivered.push(mail.to);
      },
    },
    from: 'RTB Panel <no-reply@panel.test>',
    log: pino({ level: 'silent' }),
    intervalMs: 3_600_000,
    maxAttempts: 1,
  });
  return { worker, delivered, refused };
}

export const queueReset = (t: TestApp, to: string, locale = 'en') =>
  queueEmail(t.deps, {
    to,
    templateKey: 'password-reset',
    locale,
    vars: { firstName: 'Ola', link: `https://panel.test/reset?token=tok-${to}`, validMinutes: 30 },
  });

export const queueActivation = (t: TestApp, to: string, locale = 'en') =>
  queueEmail(t.deps, {
    to,
    templateKey: 'account-activation',
    locale,
    vars: { firstName: 'Piotr', link: `https://panel.test/activate?token=tok-${to}`, validHours: 72 },
  });

/** The activity-log rows of one entity, oldest first. */
export const activityOf = (t: TestApp, entityType: string, id: number) =>
  t.database.db
    .select()
    .from(activityLogs)
    .where(and(eq(activityLogs.entityType, entityType), eq(activityLogs.entityId, String(id))))
    .orderBy(asc(activityLogs.id));
