import type { Database } from '@rtb/db';
import type { FastifyBaseLogger } from 'fastify';
import {
  findAttachments,
  insertNotificationLog,
  leaseDueEmails,
  type MailAttachment,
  markFailedAttempt,
  markSent,
  type QueuedEmail,
} from './repository';

export interface MailTransport {
  sendMail(mail: {
    from: string;
    to: string;
    subject: string;
    html: string;
    text: string;
    attachments?: MailAttachment[];
  }): Promise<unknown>;
}

export interface MailWorkerOptions {
  db: Database;
  transport: MailTransport;
  from: string;
  log: FastifyBaseLogger;
  intervalMs?: number;
  batchSize?: number;
  maxAttempts?: number;
  /** Delay before retry n (1-based): doubles from `baseBackoffMs`, capped at an hour. */
  baseBackoffMs?: number;
}

export interface MailWorker {
  /** Sends what is due now; resolves when this round is done. */
  runOnce(): Promise<number>;
  /** Asks for a round soon (after mails were queued). */
  kick(): void;
  stop(): Promise<void>;
}

const LEASE_MS = 5 * 60_000;

/**
 * Sends queued mails in the background, retrying with exponential backoff. Each outcome is
 * written with its notification log row ('sent', 'retrying' or 'failed' with the error).
 */
export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, transport, from, log } = options;
  const intervalMs = options.intervalMs ?? 5_000;
  const batchSize = options.batchSize ?? 20;
  const maxAttempts = options.maxAttempts ?? 8;
  const baseBackoffMs = options.baseBackoffMs ?? 30_000;
  let running: Promise<number> | null = null;
  let stopped = false;
  let kickTimer: NodeJS.Timeout | null = null;

  async function send(email: QueuedEmail): Promise<void> {
    try {
      await transport.sendMail({
        from,
        to: email.toAddress,
        subject: email.subject,
        html: email.html,
        text: email.text,
        attachments: await findAttachments(db, email.id),
      });
      await db.transaction(async (tx) => {
        await markSent(tx, email.id);
        await insertNotificationLog(tx, email.id, 'sent');
      });
      log.info({ emailId: email.id, template: email.templateKey }, 'mail sent');
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const retry = email.attempts < maxAttempts;
      const delay = Math.min(baseBackoffMs * 2 ** (email.attempts - 1), 3_600_000);
      await db.transaction(async (tx) => {
        await markFailedAttempt(tx, email.id, message, retry ? new Date(Date.now() + delay) : null);
        await insertNotificationLog(tx, email.id, retry ? 'retrying' : 'failed', message);
      });
      log.warn({ emailId: email.id, attempts: email.attempts, err: message, retry }, 'mail not sent');
    }
  }

  async function round(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await leaseDueEmails(db, batchSize, LEASE_MS);
      for (const email of batch) await send(email);
      sent += batch.length;
      if (batch.length < batchSize || stopped) return sent;
    }
  }

  function runOnce(): Promise<number> {
    running ??= round()
      .catch((err) => {
        log.error({ err }, 'mail worker round failed');
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  const timer = setInterval(() => void runOnce(), intervalMs);
  timer.unref();

  return {
    runOnce,
    kick() {
      if (stopped || kickTimer) return;
      kickTimer = setTimeout(() => {
        kickTimer = null;
        void runOnce();
      }, 50);
      kickTimer.unref();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (kickTimer) clearTimeout(kickTimer);
      await running;
    },
  };
}
