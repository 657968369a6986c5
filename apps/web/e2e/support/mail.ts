import { expect } from 'vitest';
import type { E2EServer } from './server';

type Mail = Awaited<ReturnType<E2EServer['t']['outbox']>>[number];

/** The newest queued mail to an address whose body has a link containing `linkPart`; waits for it. */
export async function waitForMail(server: E2EServer, to: string, linkPart: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const mails = await server.t.outbox();
        found = mails.filter((mail) => mail.toAddress === to && mail.html.includes(linkPart)).at(-1);
        return found !== undefined;
      },
      { timeout: 10_000, interval: 200, message: `a mail to ${to} with a link to ${linkPart}` },
    )
    .toBe(true);
  return found as Mail;
}

/**
 * The path and query of the first link in a mail containing `linkPart`. Mails link to
 * PUBLIC_URL (http://panel.test in tests); the test opens the same path on its own server.
 */
export function linkPathFromMail(html: string, linkPart: string): string {
  for (const match of html.matchAll(/href="([^"]+)"/g)) {
    const href = (match[1] ?? '').replaceAll('&amp;', '&');
    if (href.includes(linkPart)) {
      const url = new URL(href);
      return url.pathname + url.search;
    }
  }
  throw new Error(`no link containing ${linkPart} in the mail:\n${html}`);
}
