import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations, violationSummary } from './support/axe';
import { DESKTOP, MOBILE } from './support/browser';
import { saveScreenshot } from './support/screenshot';
import { signIn } from './support/session';
import { setupE2E } from './support/setup';
import { demo, panelPrefix } from './support/texts';

const e2e = setupE2E();

/** A 1×1 PNG, as a screenshot would be. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function expectAccessible(page: Page, label: string) {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const violations = await seriousViolations(page, label);
  expect(violationSummary(violations), label).toEqual([]);
}

describe('help & support', () => {
  it('an advertiser sends a request with an attachment; the admin opens it and replies; the advertiser reads the reply', async () => {
    const subject = 'Banner shows the wrong price';
    const advertiser = await e2e.open();
    await signIn(advertiser.context, e2e.server, demo.advertiser);
    const shop = advertiser.page;
    await shop.goto(`${panelPrefix.advertiser}/support`);
    await shop.getByRole('heading', { level: 1, name: 'Help & Support' }).waitFor();

    // The FAQ: an accordion with a search.
    await shop.getByLabel('Search the questions').fill('top up');
    await shop.getByText('How do I top up my balance?').click();
    await shop.getByText('Go to Payments and choose Top up.', { exact: false }).waitFor();
    await expectAccessible(shop, 'advertiser support page');
    await saveScreenshot(shop, 'support-advertiser');

    await shop.getByLabel('Subject', { exact: true }).fill(subject);
    await shop
      .getByLabel('Message', { exact: true })
      .fill('The banner for product 123 shows 99 PLN.\nIt costs 89 PLN.');
    await shop.getByLabel('Attachment (optional)').setInputFiles({
      name: 'price.png',
      mimeType: 'image/png',
      buffer: png,
    });
    await shop.getByText('price.png (', { exact: false }).waitFor();
    await shop.getByRole('button', { name: 'Send', exact: true }).click();
    await shop.getByText('Your message has been sent. We will reply here and by e-mail.').first().waitFor();
    const ownRow = shop.getByRole('row').filter({ hasText: subject });
    await ownRow.getByText('New').waitFor();

    await expect
      .poll(async () => (await e2e.server.t.outbox()).some((m) => m.templateKey === 'support-contact'))
      .toBe(true);
    const mail = (await e2e.server.t.outbox()).find((m) => m.templateKey === 'support-contact');
    expect(mail?.toAddress).toBe('support@example.com');
    expect(mail?.subject).toContain(subject);

    // The admin finds it, opens it with its attachment, and replies.
    const admin = await e2e.open();
    await signIn(admin.context, e2e.server, demo.admin);
    const desk = admin.page;
    await desk.goto(`${panelPrefix.admin}/support`);
    await desk.getByRole('button', { name: `Open the request “${subject}”` }).click();
    const panel = desk.getByRole('dialog', { name: subject });
    await panel.getByText('It costs 89 PLN.', { exact: false }).waitFor();
    await panel.getByText('Demo Shop (Advertiser)').waitFor();
    const download = panel.getByRole('button', { name: 'Download price.png' });
    await download.waitFor();
    // The file is fetched with the token in the header (never in a URL) and saved under its name.
    const [saved] = await Promise.all([desk.waitForEvent('download'), download.click()]);
    expect(saved.suggestedFilename()).toBe('price.png');
    expect((await readFile(await saved.path())).equals(png)).toBe(true);

    await expectAccessible(desk, 'admin support request panel');
    await saveScreenshot(desk, 'support-admin-request');
    await panel
      .getByLabel('Reply to the customer')
      .fill('Thank you! We have corrected the price in the feed.');
    await panel.getByRole('button', { name: 'Send reply' }).click();
    await desk.getByText('Your reply has been sent to the customer.').first().waitFor();
    await panel.getByText('Thank you! We have corrected the price in the feed.').waitFor();
    await expect.poll(() => panel.getByLabel('Status').inputValue()).toBe('in_progress');

    // The advertiser sees the reply and the new status.
    await shop.reload();
    await shop.getByRole('button', { name: `Open the request “${subject}”` }).click();
    const own = shop.getByRole('dialog', { name: subject });
    await own.getByText('Thank you! We have corrected the price in the feed.').waitFor();
    await own.getByText('Ada Admin · support team', { exact: false }).waitFor();
    await own.getByText('In progress').waitFor();
    await saveScreenshot(shop, 'support-advertiser-reply');
  });

  it('the admin adds a FAQ in Polish that a Polish-speaking agency user finds', async () => {
    const admin = await e2e.open();
    await signIn(admin.context, e2e.server, demo.admin);
    const desk = admin.page;
    await desk.goto(`${panelPrefix.admin}/support?tab=faqs`);
    await desk.getByRole('button', { name: 'Add question' }).click();
    const form = desk.getByRole('dialog', { name: 'New question' });
    await form.getByLabel('Language').selectOption('pl');
    await form.getByLabel('Question', { exact: true }).fill('Czy mogę zmienić walutę konta?');
    await form.getByLabel('Answer', { exact: true }).fill('Tak, napisz do nas przez formularz poniżej.');
    await form.getByLabel('Position').fill('1');
    await form.getByRole('button', { name: 'Save' }).click();
    await desk.getByText('The question has been saved.').first().waitFor();
    await desk.getByRole('button', { name: 'Edit “Czy mogę zmienić walutę konta?”' }).waitFor();
    await expectAccessible(desk, 'admin FAQ tab');
    await saveScreenshot(desk, 'support-admin-faqs');

    for (const viewport of [DESKTOP, MOBILE]) {
      const agency = await e2e.open(viewport);
      await signIn(agency.context, e2e.server, demo.agency);
      await agency.page.goto(`${panelPrefix.agency}/support?locale=pl`);
      await agency.page.getByRole('heading', { level: 1, name: 'Pomoc i wsparcie' }).waitFor();
      await agency.page.getByText('Czy mogę zmienić walutę konta?').waitFor();
      await expectAccessible(agency.page, `agency support page at ${viewport.width}px`);
      await saveScreenshot(agency.page, 'support-agency-pl');
    }
  });
});
