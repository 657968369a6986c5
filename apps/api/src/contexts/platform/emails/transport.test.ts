import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { folderTransport } from './transport';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'rtb-outbox-'));
});
afterEach(async () => {
  vi.useRealTimers();
  await rm(root, { recursive: true, force: true });
});

const mail = (to: string, subject: string) => ({
  from: 'RTB Panel <no-reply@panel.test>',
  to,
  subject,
  html: '<p>Open <a href="https://panel.test/activate?token=abc">this link</a></p>',
  text: 'Open this link (https://panel.test/activate?token=abc)',
});

describe('folderTransport', () => {
  it('writes the mail as an .eml file, creating the folder', async () => {
    const dir = join(root, 'outbox', 'nested');
    await folderTransport(dir).sendMail(mail('ann@example.com', 'Activate your RTB Panel account'));

    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT.*ann@example\.com.*\.eml$/);
    const eml = await readFile(join(dir, files[0] as string), 'utf8');
    expect(eml).toMatch(/^Subject: Activate your RTB Panel account$/m);
    expect(eml).toMatch(/^To: ann@example\.com$/m);
    expect(eml).toMatch(/^From: RTB Panel <no-reply@panel\.test>$/m);
    expect(eml).toContain('Content-Type: text/plain');
    expect(eml).toContain('Content-Type: text/html');
    expect(eml).toContain('https://panel.test/activate?token=abc');
  });

  it('keeps odd characters of the address out of the file name', async () => {
    await folderTransport(root).sendMail(mail('"Evil/../name" <x@example.com>', 'Hi'));
    const files = await readdir(root);
    expect(files).toHaveLength(1);
    expect(files[0]).not.toMatch(/[/\\"<> ]/);
  });

  it('keeps every mail when two to the same address are written in the same millisecond', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2030-01-02T03:04:05.678Z') });
    const transport = folderTransport(root);
    await Promise.all([
      transport.sendMail(mail('ann@example.com', 'First')),
      transport.sendMail(mail('ann@example.com', 'Second')),
    ]);

    const files = await readdir(root);
    expect(files).toHaveLength(2);
    const subjects = await Promise.all(
      files.map(async (f) => /^Subject: (.*)$/m.exec(await readFile(join(root, f), 'utf8'))?.[1]),
    );
    expect(subjects.sort()).toEqual(['First', 'Second']);
  });
});
