import { activityLogs, advertisers, predictionModels } from '@rtb/db';
import { modelQuality } from '@rtb/rtb';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { axeClean } from './support/axe';
import { DESKTOP, MOBILE } from './support/browser';
import { clickAndAccept } from './support/confirm';
import { linkPathFromMail, waitForMail } from './support/mail';
import { httpCall, signIn } from './support/session';
import { setupE2E } from './support/setup';
import { demo, panelPrefix, texts, under } from './support/texts';

const e2e = setupE2E();

describe('admin panel', () => {
  it('an unknown panel path shows not-found within the panel, and the login to anonymous users', async () => {
    const anonymous = await e2e.open();
    await anonymous.page.goto(`${panelPrefix.admin}/nope`);
    await anonymous.page.getByRole('heading', { name: texts.login.admin.heading }).waitFor();

    const { context, page } = await e2e.open();
    await signIn(context, e2e.server, demo.admin);
    await page.goto(`${panelPrefix.admin}/nope`);
    await page.getByRole('heading', { name: 'Not Found' }).waitFor();
    // Within the panel's layout: its navigation is there, and a link leads to the panel's start.
    await page.getByRole('navigation').first().waitFor();
    await page.getByRole('link', { name: 'Go to the first page of the panel' }).click();
    await page.waitForURL((url) => url.pathname !== `${panelPrefix.admin}/nope`);
  });

  it('an admin switches maintenance on and an advertiser sees the maintenance banner', async () => {
    const admin = await e2e.open();
    await signIn(admin.context, e2e.server, demo.admin);
    const advertiser = await e2e.open();
    await signIn(advertiser.context, e2e.server, demo.advertiser);
    await admin.page.goto(`${panelPrefix.admin}/configs?tab=settings`);
    await admin.page.getByRole('link', { name: 'Maintenance mode' }).click();
    const toggle = admin.page.getByLabel('Maintenance mode on');
    await toggle.check();
    await admin.page.getByRole('button', { name: 'Save changes' }).click();
    await admin.page.getByText('The changes have been saved.').first().waitFor();

    await advertiser.page.goto(`${panelPrefix.advertiser}/me`);
    await advertiser.page.getByText(texts.maintenance).first().waitFor();

    // The admin keeps working and switches it off again.
    await admin.page.reload();
    await admin.page.getByLabel('Maintenance mode on').uncheck();
    await admin.page.getByRole('button', { name: 'Save changes' }).click();
    await admin.page.getByText('The changes have been saved.').first().waitFor();
    await advertiser.page.goto(`${panelPrefix.advertiser}/me`);
    await advertiser.page.getByText(texts.maintenance).first().waitFor({ state: 'hidden' });
  });

  it('an admin adds an admin user, who activates from the e-mail and signs in', async () => {
    const { context, page } = await e2e.open();
    await signIn(context, e2e.server, demo.admin);
    await page.goto(`${panelPrefix.admin}/admins`);
    await page.getByRole('button', { name: 'Add user' }).first().click();
    await page.getByLabel('E-mail', { exact: true }).fill('new.admin@example.com');
    await page.getByLabel('First name', { exact: true }).fill('Nina');
    await page.getByLabel('Last name', { exact: true }).fill('Nowak');
    await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Operator' });
    await page.getByRole('button', { name: 'Add user' }).click();
    await page
      .getByText('The user has been added. We have sent them an activation e-mail.')
      .first()
      .waitFor();

    const mail = await waitForMail(e2e.server, 'new.admin@example.com', '/account/admin/activate');
    const invited = await e2e.open();
    await invited.page.goto(linkPathFromMail(mail.html, '/account/admin/activate'));
    const password = 'copper-kettle-58';
    const fields = invited.page.locator('input[type="password"]');
    await fields.first().waitFor();
    await fields.nth(0).fill(password);
    await fields.nth(1).fill(password);
    await invited.page.locator('form button[type="submit"]').click();
    await invited.page.waitForURL(under(panelPrefix.admin));

    const login = await httpCall(e2e.server, 'POST', '/api/admin/auth/token', {
      body: { login: 'new.admin@example.com', password },
    });
    expect(login.status).toBe(200);
  });

  it('an admin adds an agency and its user, who activates; the admin logs in as them and returns', async () => {
    const { context, page } = await e2e.open();
    await signIn(context, e2e.server, demo.admin);
    await page.goto(`${panelPrefix.admin}/agencies`);
    await page.getByRole('button', { name: 'Add agency' }).first().click();
    await page.getByLabel('Name', { exact: true }).fill('Northwind Media');
    await page.getByRole('button', { name: 'Add agency' }).last().click();
    await page.getByText('The agency has been added.').first().waitFor();
    const heading = page.getByRole('heading', { name: 'Northwind Media' }).first();
    await heading.waitFor();
    // The new agency opens at the top, its name on screen (the form was scrolled to its button).
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const top = await heading.evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(DESKTOP.height);

    await page.getByRole('button', { name: 'Add user' }).click();
    await page.getByLabel('E-mail', { exact: true }).fill('owner@northwind.example');
    await page.getByLabel('First name', { exact: true }).fill('Olga');
    await page.getByLabel('Last name', { exact: true }).fill('Wiśniewska');
    await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Administrator' });
    await page.getByRole('button', { name: 'Add user' }).click();
    await page
      .getByText('The user has been added. We have sent them an activation e-mail.')
      .first()
      .waitFor();

    // The invited user activates from the mail and lands in the agency panel.
    const mail = await waitForMail(e2e.server, 'owner@northwind.example', '/account/agency/activate');
    const invited = await e2e.open();
    await invited.page.goto(linkPathFromMail(mail.html, '/account/agency/activate'));
    const password = 'amber-harbour-73';
    const fields = invited.page.locator('input[type="password"]');
    await fields.first().waitFor();
    await fields.nth(0).fill(password);
    await fields.nth(1).fill(password);
    await invited.page.locator('form button[type="submit"]').click();
    await invited.page.waitForURL(under(panelPrefix.agency));

    // The admin logs in as the now active user: the agency panel with the sub-account bar.
    await page.reload();
    const left = page.url();
    await clickAndAccept(page, page.getByRole('button', { name: 'Log in as', exact: true }));
    await page.waitForURL(under(panelPrefix.agency));
    const bar = page.getByRole('region', { name: 'Sub-account' });
    await bar.getByText('You are logged into a sub-account').waitFor();
    expect(await bar.getByRole('button', { name: 'Back to agency account' }).count()).toBe(0);

    // The way back leads to the user's page the admin left.
    await bar.getByRole('button', { name: 'Return to admin account' }).click();
    await page.waitForURL(left);
    await page.getByRole('heading', { name: 'Olga Wiśniewska' }).first().waitFor();
    expect(await page.getByRole('region', { name: 'Sub-account' }).count()).toBe(0);
    // The start and the end of the log-in-as session are in the activity log.
    const rows = await e2e.server.t.database.db
      .select({ event: activityLogs.event })
      .from(activityLogs)
      .where(eq(activityLogs.entityType, 'impersonation'))
      .orderBy(asc(activityLogs.id));
    expect(rows.map((row) => row.event)).toEqual(['created', 'deleted']);
  });

  it("an admin logs in as an advertiser from its page's card and comes back to that page", async () => {
    const { context, page } = await e2e.open();
    await signIn(context, e2e.server, demo.admin);
    const [shop] = await e2e.server.t.database.db
      .select({ id: advertisers.id })
      .from(advertisers)
      .where(eq(advertisers.name, 'Demo Shop'));
    const shopPage = `${panelPrefix.admin}/advertisers/single?id=${shop?.id}`;
    await page.goto(shopPage);
    const card = page.getByRole('region', { name: 'Work as this advertiser' });
    await clickAndAccept(page, card.getByRole('button', { name: 'Log in as advertiser' }));
    await page.waitForURL(under(panelPrefix.advertiser));
    const bar = page.getByRole('region', { name: 'Sub-account' });
    await bar.getByText('You are logged into a sub-account').waitFor();

    await bar.getByRole('button', { name: 'Return to admin account' }).click();
    await page.waitForURL((url) => `${url.pathname}${url.search}` === shopPage);
    await page.getByRole('heading', { name: 'Demo Shop', level: 1 }).waitFor();
    expect(await page.getByRole('region', { name: 'Sub-account' }).count()).toBe(0);
  });

  it('an admin reads the prediction models: the version in use, the versions and a calibration plot', async () => {
    // Two versions as the trainer writes them, scored by packages/rtb on a hold-out of 200 impressions.
    const predictions = Array.from({ length: 200 }, (_, i) => 0.002 + i * 0.0001);
    const labels = predictions.map((_, i) => (i % 40 === 39 ? 1 : 0));
    const quality = JSON.parse(JSON.stringify(modelQuality({ predictions, labels })));
    const at = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    await e2e.server.t.database.db.insert(predictionModels).values(
      [1, 2].map((version) => ({
        kind: 'click' as const,
        version,
        status: version === 1 ? ('published' as const) : ('refused' as const),
        refusedChecks: version === 1 ? [] : ['log_loss' as const],
        bits: 18,
        nonZeroWeights: 1200 * version,
        trainedExamples: 40_000 * version,
        trainedThrough: at(4 - version),
        holdoutFrom: at(4 - version),
        holdoutTo: at(3 - version),
        quality,
        currentQuality: version === 1 ? null : quality,
        createdAt: at(3 - version),
      })),
    );
    for (const viewport of [DESKTOP, MOBILE]) {
      const { context, page } = await e2e.open(viewport);
      await signIn(context, e2e.server, demo.admin);
      await page.goto(`${panelPrefix.admin}/prediction-models`);
      await page.getByRole('heading', { name: 'Prediction models', level: 1 }).waitFor();
      await page.getByRole('table', { name: 'Calibration bins of version 1' }).waitFor({ state: 'attached' });
      await page.getByRole('button', { name: 'Show the calibration of version 2' }).click();
      await page.getByRole('heading', { name: 'Calibration of version 2' }).waitFor();
      await axeClean(page, `the prediction models at ${viewport.width}px`);
      await page.getByRole('tab', { name: 'Conversion model' }).click();
      await page.getByText('No model has been trained yet').waitFor();
      await axeClean(page, `no conversion model at ${viewport.width}px`);
    }
  });
});
