import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { MailTransport } from './worker';

/** SMTP when SMTP_URL is set (nodemailer). */
export function smtpTransport(url: string): MailTransport {
  return nodemailer.createTransport(url);
}

/**
 * Without SMTP, mails are written as .eml files to a folder, so a developer can open the
 * activation and reset links of a local install.
 */
export function folderTransport(dir: string): MailTransport {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async sendMail(mail) {
      const info = (await builder.sendMail(mail)) as { message: Buffer; messageId: string };
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      // the random part keeps two mails to one address in the same millisecond apart
      const name = `${stamp}-${mail.to.replace(/[^\w.@-]/g, '_')}-${randomBytes(3).toString('hex')}.eml`;
      await writeFile(join(dir, name), info.message);
      return info;
    },
  };
}
