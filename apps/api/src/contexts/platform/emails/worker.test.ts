import { createServer } from 'node:net';
import { notificationLogs, queuedEmails } from '@rtb/db';
import { asc, eq } from 'drizzle-orm';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { queueEmail } from './queue';
import { smtpTransport } from './transport';
import { type MailTransport, type MailWorker, type MailWorkerOptions, startMailWorker } from './worker';

/** What the SMTP server got: the envelope and the message, decoded enough to assert on. */
interface ReceivedMail {
  mailFrom: string;
  rcptTo: string[];
  raw: string;
  subject: string;
  text: string;
  html: string;
}

interface TestSmtp {
  port: number;
  received: ReceivedMail[];
  /** Recipients matching it are refused with 550 (all when `true`). */
  reject: RegExp | boolean;
  close(): Promise<void>;
}

async function startSmtp(): Promise<TestSmtp> {
  const smtp: Omit<TestSmtp, 'port' | 'close'> = { received: [], reject: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 100,
    onRcptTo(address, _session, callback) {
      const refused =
        smtp.reject === true || (smtp.reject instanceof RegExp && smtp.reject.test(address.address));
      if (!refused) return callback();
      callback(Object.assign(new Error(`Mailbox ${address.address} unavailable`), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const envelope = session.envelope;
        smtp.received.push({
          mailFrom: envelope.mailFrom ? envelope.mailFrom.address : '',
          rcptTo: envelope.rcptTo.map((r) => r.address),
          raw,
          ...parseMessage(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('SMTP server has no port');
  return Object.assign(smtp, {
    port: address.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/** Headers and the text/plain and text/html parts of a (multipart) message. */
function parseMessage(raw: string): { subject: string; text: string; html: string } {
  const parts: { type: string; body: string }[] = [];
  const walk = (entity: string) => {
    const split = entity.search(/\r?\n\r?\n/);
    const head = entity.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
    const body = entity.slice(split).replace(/^\r?\n\r?\n/, '');
    const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
    const type = header('Content-Type');
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (boundary) {
      for (const part of body.split(`--${boundary}`).slice(1, -1)) walk(part.replace(/^\r?\n/, ''));
      return;
    }
    const encoding = header('Content-Transfer-Encoding').toLowerCase();
    parts.push({ type: type.split(';')[0]?.toLowerCase() ?? '', body: decodeBody(body, encoding) });
  };
  walk(raw);
  const subject = /^Subject:\s*(.*(?:\r?\n[ \t].*)*)/im.exec(raw)?.[1] ?? '';
  return {
    subject: decodeWords(subject.replace(/\r?\n[ \t]+/g, ' ')),
    text: parts.find((p) => p.type === 'text/plain')?.body ?? '',
    html: parts.find((p) => p.type === 'text/html')?.body ?? '',
  };
}

function decodeQuotedPrintable(value: string): string {
  const soft = value.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft[i] === '=' ? soft.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i] as string, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body).replace(/\r\n/g, '\n').trim();
  if (encoding === 'base64')
    return Buffer.from(body, 'base64').toString('utf8').replace(/\r\n/g, '\n').trim();
  return body.replace(/\r\n/g, '\n').trim();
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`), as nodemailer writes non-ASCII subjects. */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?[^?]+\?([QB])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let t: TestApp;
let smtp: TestSmtp;
let workers: MailWorker[] = [];

beforeAll(async () => {
  t = await createTestApp();
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp?.close();
  await t?.close();
});
beforeEach(async () => {
  await t.database.db.delete(queuedEmails);
  smtp.received.length = 0;
  smtp.reject = false;
});
afterEach(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  workers = [];
});

const FROM = 'RTB Panel <no-reply@panel.test>';
const BACKOFF_MS = 300;

function worker(options: Partial<MailWorkerOptions> = {}): MailWorker {
  const started = startMailWorker({
    db: t.database.db,
    transport: smtpTransport(`smtp://127.0.0.1:${smtp.port}`),
    from: FROM,
    log: pino({ level: 'silent' }),
    intervalMs: 3_600_000,
    baseBackoffMs: BACKOFF_MS,
    ...options,
  });
  workers.push(started);
  return started;
}

const queueReset = (to: string, locale = 'en') =>
  queueEmail(t.deps, {
    to,
    templateKey: 'password-reset',
    locale,
    vars: { firstName: 'Ann', link: `https://panel.test/reset?token=tok-${to}`, validMinutes: 30 },
  });

async function row(id: number) {
  const [found] = await t.database.db.select().from(queuedEmails).where(eq(queuedEmails.id, id));
  if (!found) throw new Error(`no queued mail ${id}`);
  return found;
}

/** The mail's notification log as [event, detail] pairs, oldest first. */
async function events(id: number) {
  const rows = await t.database.db
    .select()
    .from(notificationLogs)
    .where(eq(notificationLogs.queuedEmailId, id))
    .orderBy(asc(notificationLogs.id));
  return rows.map((r) => [r.event, r.detail]);
}

/** Waits until the mail is due again (its backoff has passed). */
async function waitUntilDue(id: number) {
  const due = (await row(id)).nextAttemptAt.getTime();
  await sleep(Math.max(0, due - Date.now()) + 20);
}

describe('mail worker over SMTP', () => {
  it('sends a queued mail with its HTML and text parts and marks it sent', async () => {
    const queued = await queueReset('ann@example.com');
    const before = Date.now();
    expect(await worker().runOnce()).toBe(1);

    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0] as ReceivedMail;
    expect(mail.rcptTo).toEqual(['ann@example.com']);
    expect(mail.mailFrom).toBe('no-reply@panel.test');
    expect(mail.raw).toMatch(/^To: ann@example\.com\r?$/m);
    expect(mail.raw).toMatch(/^From: RTB Panel <no-reply@panel\.test>\r?$/m);
    expect(mail.subject).toBe('Reset your RTB Panel password');
    expect(mail.raw).toMatch(/multipart\/alternative/i);
    expect(mail.html).toBe(queued.html.trim());
    expect(mail.html).toContain('href="https://panel.test/reset?token=tok-ann@example.com"');
    expect(mail.text).toBe(queued.text);
    expect(mail.text).toContain('Set a new password (https://panel.test/reset?token=tok-ann@example.com)');

    const sent = await row(queued.id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(sent.sentAt?.getTime()).toBeGreaterThanOrEqual(before - 1_000);
    expect(sent.sentAt?.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
    expect(await events(queued.id)).toEqual([
      ['queued', null],
      ['sent', null],
    ]);
  });

  it('sends a Polish mail with its Polish subject', async () => {
    await queueReset('ola@example.com', 'pl');
    await worker().runOnce();
    expect(smtp.received.map((m) => m.subject)).toEqual(['Zresetuj hasło w RTB Panel']);
    expect(smtp.received[0]?.text).toContain('Dzień dobry Ann,');
  });

  it('does not send a sent mail again', async () => {
    await queueReset('once@example.com');
    const w = worker();
    await w.runOnce();
    expect(await w.runOnce()).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });

  it('sends every due mail, across several batches, in queue order', async () => {
    const addresses = Array.from({ length: 5 }, (_, i) => `batch${i}@example.com`);
    for (const to of addresses) await queueReset(to);
    expect(await worker({ batchSize: 2 }).runOnce()).toBe(5);
    expect(smtp.received.map((m) => m.rcptTo[0])).toEqual(addresses);
    expect((await t.outbox()).every((m) => m.status === 'sent')).toBe(true);
  });

  it('sends soon after kick() without waiting for the interval', async () => {
    await queueReset('kick@example.com');
    worker().kick();
    for (let i = 0; i < 50 && smtp.received.length === 0; i++) await sleep(20);
    expect(smtp.received.map((m) => m.rcptTo[0])).toEqual(['kick@example.com']);
  });

  it('sends on its interval', async () => {
    await queueReset('interval@example.com');
    worker({ intervalMs: 50 });
    for (let i = 0; i < 50 && smtp.received.length === 0; i++) await sleep(20);
    expect(smtp.received.map((m) => m.rcptTo[0])).toEqual(['interval@example.com']);
  });

  it('sends nothing on its interval after stop()', async () => {
    const w = worker({ intervalMs: 30 });
    await w.stop();
    await queueReset('stopped@example.com');
    await sleep(150);
    expect(smtp.received).toHaveLength(0);
    expect((await t.outbox())[0]).toMatchObject({ status: 'pending', attempts: 0 });
  });
});

describe('mail worker retries', () => {
  it('keeps a refused mail pending with the error and retries it after the backoff', async () => {
    smtp.reject = true;
    const queued = await queueReset('retry@example.com');
    const w = worker();
    const before = Date.now();
    await w.runOnce();
    const after = Date.now();

    expect(smtp.received).toHaveLength(0);
    const failed = await row(queued.id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, sentAt: null });
    expect(failed.lastError).toMatch(/550/);
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + BACKOFF_MS - 5);
    expect(failed.nextAttemptAt.getTime()).toBeLessThanOrEqual(after + BACKOFF_MS + 5);
    expect(await events(queued.id)).toEqual([
      ['queued', null],
      ['retrying', failed.lastError],
    ]);

    smtp.reject = false;
    expect(await w.runOnce()).toBe(0);
    expect(smtp.received).toHaveLength(0);
    expect((await row(queued.id)).attempts).toBe(1);

    await waitUntilDue(queued.id);
    expect(await w.runOnce()).toBe(1);
    expect(smtp.received.map((m) => m.rcptTo[0])).toEqual(['retry@example.com']);
    expect(await row(queued.id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect((await events(queued.id)).map(([event]) => event)).toEqual(['queued', 'retrying', 'sent']);
  });

  it('doubles the backoff and gives up after maxAttempts', async () => {
    smtp.reject = true;
    const queued = await queueReset('bounce@example.com');
    const w = worker({ maxAttempts: 3, baseBackoffMs: 100 });
    for (const [attempt, backoff] of [
      [1, 100],
      [2, 200],
    ] as const) {
      const before = Date.now();
      await w.runOnce();
      const after = Date.now();
      const current = await row(queued.id);
      expect(current).toMatchObject({ status: 'pending', attempts: attempt });
      expect(current.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + backoff - 5);
      expect(current.nextAttemptAt.getTime()).toBeLessThanOrEqual(after + backoff + 5);
      await waitUntilDue(queued.id);
    }

    await w.runOnce();
    const failed = await row(queued.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 3, sentAt: null });
    expect(failed.lastError).toMatch(/550/);
    const log = await events(queued.id);
    expect(log.map(([event]) => event)).toEqual(['queued', 'retrying', 'retrying', 'failed']);
    expect(log.at(-1)?.[1]).toBe(failed.lastError);

    smtp.reject = false;
    await sleep(120);
    expect(await w.runOnce()).toBe(0);
    expect(smtp.received).toHaveLength(0);
  });

  it('records a connection error when the SMTP server is down', async () => {
    const queued = await queueReset('down@example.com');
    const w = worker({ transport: smtpTransport(`smtp://127.0.0.1:${await closedPort()}`) });
    await w.runOnce();
    const failed = await row(queued.id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed.lastError).toMatch(/ECONNREFUSED/);
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('sends the other mails of a batch when one is refused', async () => {
    smtp.reject = /^bad@/;
    const good = await queueReset('good@example.com');
    const bad = await queueReset('bad@example.com');
    const alsoGood = await queueReset('good2@example.com');
    await worker().runOnce();
    expect(smtp.received.map((m) => m.rcptTo[0])).toEqual(['good@example.com', 'good2@example.com']);
    expect((await row(good.id)).status).toBe('sent');
    expect((await row(alsoGood.id)).status).toBe('sent');
    expect(await row(bad.id)).toMatchObject({ status: 'pending', attempts: 1 });
    expect((await events(good.id)).map(([event]) => event)).toEqual(['queued', 'sent']);
    expect((await events(bad.id)).map(([event]) => event)).toEqual(['queued', 'retrying']);
  });

  it('keeps a mail pending when the transport throws something that is not an Error', async () => {
    const queued = await queueReset('odd@example.com');
    const transport: MailTransport = {
      sendMail: () => Promise.reject('socket hang up'),
    };
    await worker({ transport }).runOnce();
    expect(await row(queued.id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'socket hang up',
    });
  });
});

describe('mail workers side by side', () => {
  it('send each mail exactly once when two run at the same time', async () => {
    const addresses = Array.from({ length: 7 }, (_, i) => `pair${i}@example.com`);
    for (const to of addresses) await queueReset(to);
    const [first, second] = [worker({ batchSize: 2 }), worker({ batchSize: 2 })];
    const counts = await Promise.all([first.runOnce(), second.runOnce()]);

    expect(counts[0] + counts[1]).toBe(addresses.length);
    expect(smtp.received.map((m) => m.rcptTo[0]).sort()).toEqual([...addresses].sort());
    const rows = await t.outbox();
    expect(rows.map((m) => [m.status, m.attempts])).toEqual(addresses.map(() => ['sent', 1]));
  });

  it('one worker runs one round at a time: concurrent runOnce calls share it', async () => {
    await queueReset('shared@example.com');
    const w = worker();
    const [a, b] = [w.runOnce(), w.runOnce()];
    expect(a).toBe(b);
    expect(await a).toBe(1);
    expect(smtp.received).toHaveLength(1);
  });
});
