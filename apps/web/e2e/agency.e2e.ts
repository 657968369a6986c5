import { activityLogs, agencyUsers, campaignBanners, campaigns } from '@rtb/db';
import { addHourlyStats, advertiserContexts } from '@rtb/delivery';
import { desc, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { insertBanner } from '../../api/src/contexts/campaigns/campaigns/test-helpers';
import { postEntries } from '../../api/src/contexts/organisations/organisations/test-helpers';
import { organisationId } from '../../api/src/contexts/organisations/organisations/test-users';
import { seriousViolations, violationSummary } from './support/axe';
import { DESKTOP, MOBILE } from './support/browser';
import { linkPathFromMail, waitForMail } from './support/mail';
import { saveScreenshot } from './support/screenshot';
import { cookieValue, loginThroughForm, signIn } from './support/session';
import { setupE2E } from './support/setup';
import { demo, panelPrefix, under } from './support/texts';

const e2e = setupE2E();

const subAccount = {
  text: 'You are logged into a sub-account',
  backToAgency: 'Back to agency account',
  returnToAdmin: 'Return to admin account',
};

/** Accepts the browser confirmations (the log-in-as buttons ask for one); returns their texts. */
function acceptConfirmations(page: Page): string[] {
  const asked: string[] = [];
  page.on('dialog', (dialog) => {
    asked.push(dialog.message());
    void dialog.accept();
  });
  return asked;
}

/** The newest impersonation rows (start 'created', end 'deleted') in the activity log. */
const impersonations = async () =>
  e2e.server.t.database.db
    .select()
    .from(activityLogs)
    .where(eq(activityLogs.entityType, 'impersonation'))
    .orderBy(desc(activityLogs.id));

describe('agency panel: advertisers and log in as', () => {
  it('the agency adds an advertiser with its first user, who gets the activation mail; it logs in as them and comes back', async () => {
    const { context, page } = await e2e.open();
    const asked = acceptConfirmations(page);
    await loginThroughForm(page, demo.agency);
    // The overview is the panel's landing page: every client with what needs attention.
    await page.waitForURL(under(`${panelPrefix.agency}/overview`));
    const overview = page.getByRole('table', { name: 'Your clients, those needing attention first' });
    await overview.getByRole('link', { name: 'Demo Shop', exact: true }).waitFor();
    // The integration statuses in words, in this panel too (their texts once came only with the advertiser panel).
    await overview.getByText('Warning', { exact: true }).first().waitFor();
    expect(await overview.getByText(/^statuses\./).count()).toBe(0);
    await saveScreenshot(page, 'agency-overview');
    expect(violationSummary(await seriousViolations(page, 'agency overview')), 'agency overview').toEqual([]);
    await page.getByRole('navigation').getByRole('link', { name: 'Advertisers' }).click();
    await page.waitForURL(under(`${panelPrefix.agency}/advertisers`));
    await page.getByRole('link', { name: 'Demo Shop', exact: true }).waitFor();
    await saveScreenshot(page, 'agency-advertisers');
    const violations = await seriousViolations(page, 'agency advertisers');
    expect(violationSummary(violations), 'agency advertisers').toEqual([]);

    await page.getByRole('button', { name: 'Add advertiser' }).first().click();
    await page.waitForURL(under(`${panelPrefix.agency}/advertisers/new`));
    await page.getByLabel('Name', { exact: true }).fill('Garden Corner');
    await page.getByLabel('Commission (%)', { exact: true }).fill('12.50');
    await page.getByLabel('E-mail', { exact: true }).fill('owner@garden-corner.example.com');
    await page.getByLabel('First name', { exact: true }).fill('Gosia');
    await page.getByLabel('Last name', { exact: true }).fill('Ogrodnik');
    await page.getByLabel('Website address', { exact: true }).fill('https://garden-corner.example.com');
    await page.getByRole('checkbox', { name: 'English' }).check();
    await saveScreenshot(page, 'agency-new-advertiser');
    expect(violationSummary(await seriousViolations(page, 'new advertiser')), 'new advertiser').toEqual([]);
    await page.getByRole('button', { name: 'Add advertiser' }).click();
    await page
      .getByText(
        'The advertiser has been added. We have sent an activation e-mail to owner@garden-corner.example.com.',
      )
      .first()
      .waitFor();
    await page.getByRole('heading', { level: 1, name: 'Garden Corner' }).waitFor();
    // Opening the saved advertiser is not leaving a form while it saves: nothing was asked.
    expect(asked).toEqual([]);
    const advertiserUrl = page.url();
    expect(advertiserUrl).toMatch(/\/panel\/agency\/advertisers\/\d+$/);
    await page.getByRole('link', { name: 'Gosia Ogrodnik' }).waitFor();
    await saveScreenshot(page, 'agency-advertiser');
    expect(violationSummary(await seriousViolations(page, 'agency advertiser')), 'agency advertiser').toEqual(
      [],
    );

    // The first user activates their account from the mail.
    const mail = await waitForMail(
      e2e.server,
      'owner@garden-corner.example.com',
      '/account/advertiser/activate',
    );
    const owner = await e2e.open();
    await owner.page.goto(linkPathFromMail(mail.html, '/account/advertiser/activate'));
    const fields = owner.page.locator('input[type="password"]');
    await fields.first().waitFor();
    await fields.nth(0).fill('garden-hose-73');
    await fields.nth(1).fill('garden-hose-73');
    await owner.page.locator('form button[type="submit"]').click();
    await owner.page.waitForURL(under(panelPrefix.advertiser));

    // The agency logs in as the new advertiser.
    await page.reload();
    await page.getByRole('button', { name: 'Log in as advertiser' }).click();
    await page.waitForURL(under(panelPrefix.advertiser));
    expect(asked).toEqual([
      'Log in as Garden Corner? You will act with their permissions until you go back to your agency account.',
    ]);
    const bar = page.getByRole('region', { name: 'Sub-account' });
    await bar.getByText(subAccount.text).waitFor();
    await bar.getByRole('button', { name: subAccount.backToAgency }).waitFor();
    expect(await bar.getByRole('button', { name: subAccount.returnToAdmin }).count()).toBe(0);
    expect(await cookieValue(context, 'agencyToken')).toBeTruthy();
    const [started] = await impersonations();
    expect(started).toMatchObject({ event: 'created' });

    // Back on the advertiser's page the agency user left.
    await bar.getByRole('button', { name: subAccount.backToAgency }).click();
    await page.waitForURL(advertiserUrl);
    await page.getByRole('heading', { name: 'Garden Corner' }).first().waitFor();
    expect(await page.getByText(subAccount.text).count()).toBe(0);
    expect(await cookieValue(context, 'agencyToken')).toBeUndefined();
    // The sub-session was logged out on the server, which logged its end.
    const [ended] = await impersonations();
    expect(ended).toMatchObject({ event: 'deleted', entityId: started?.entityId });
  });

  it('the agency invites a team user in the side panel of its users', async () => {
    const { context, page } = await e2e.open();
    await signIn(context, e2e.server, demo.agency);
    await page.goto(`${panelPrefix.agency}/agency-users`);
    await page.getByRole('link', { name: demo.agency.name }).waitFor();
    await page.getByRole('button', { name: 'Invite user' }).click();
    const panel = page.getByRole('dialog', { name: 'Add agency user' });
    await panel.getByLabel('E-mail', { exact: true }).fill('planner@demo-agency.example.com');
    await panel.getByLabel('First name', { exact: true }).fill('Piotr');
    await panel.getByLabel('Last name', { exact: true }).fill('Planista');
    await panel.getByLabel('Role', { exact: true }).selectOption({ label: 'Manager' });
    await panel.getByRole('button', { name: 'Add user' }).click();
    await page.getByRole('dialog', { name: 'Piotr Planista' }).waitFor();
    await waitForMail(e2e.server, 'planner@demo-agency.example.com', '/account/agency/activate');
    expect(violationSummary(await seriousViolations(page, 'agency user panel')), 'agency user panel').toEqual(
      [],
    );
  });

  it('an admin logged in as the agency user, then as an advertiser user, sees both ways back and takes them', async () => {
    const { context, page } = await e2e.open();
    acceptConfirmations(page);
    await signIn(context, e2e.server, demo.admin);
    const [agencyUser] = await e2e.server.t.database.db
      .select({ id: agencyUsers.id })
      .from(agencyUsers)
      .limit(1);
    await page.goto(`${panelPrefix.admin}/agency-users/single?id=${agencyUser?.id}`);
    await page.getByRole('button', { name: 'Log in as' }).click();
    await page.waitForURL(under(panelPrefix.agency));
    const bar = page.getByRole('region', { name: 'Sub-account' });
    await bar.getByRole('button', { name: subAccount.returnToAdmin }).waitFor();
    expect(await bar.getByRole('button', { name: subAccount.backToAgency }).count()).toBe(0);

    await page.getByRole('link', { name: 'Demo Shop', exact: true }).click();
    await page.getByRole('button', { name: 'Log in as advertiser' }).click();
    await page.waitForURL(under(panelPrefix.advertiser));
    await bar.getByRole('button', { name: subAccount.backToAgency }).waitFor();
    await bar.getByRole('button', { name: subAccount.returnToAdmin }).waitFor();
    for (const viewport of [DESKTOP, MOBILE]) {
      await page.setViewportSize(viewport);
      await saveScreenshot(page, 'sub-account-bar-chain', { fullPage: false });
    }
    // Below the tablet width the buttons carry the spec's short labels.
    await bar
      .getByRole('button', { name: subAccount.backToAgency })
      .getByText('Agency', { exact: true })
      .waitFor();
    await page.setViewportSize(DESKTOP);

    await bar.getByRole('button', { name: subAccount.backToAgency }).click();
    await page.waitForURL(under(panelPrefix.agency));
    // Still the admin's sub-account: the way back to the admin account stays.
    await bar.getByRole('button', { name: subAccount.returnToAdmin }).click();
    await page.waitForURL(under(panelPrefix.admin));
    expect(await page.getByText(subAccount.text).count()).toBe(0);
    expect(await cookieValue(context, 'sourceToken')).toBeUndefined();
  });
});

describe('agency panel: the overview', () => {
  it('raises a client whose money runs low and shows only the clients with that alert', async () => {
    const { t } = e2e.server;
    const db = t.database.db;
    const shop = await organisationId(t, 'advertiser', 'Demo Shop');
    const [campaign] = await db
      .insert(campaigns)
      .values({
        advertiserId: shop,
        name: 'Always on',
        startDate: '2026-01-01',
        maxCpm: 500,
        dailyBudget: 100_000,
        status: 'active',
      })
      .returning({ id: campaigns.id });
    const campaignId = campaign?.id as number;
    const bannerId = await insertBanner(t, shop);
    await db.insert(campaignBanners).values({ campaignId, bannerId });
    // 20.00 zł a day on each of the 7 days before today (the same hour, a day apart).
    const hour = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    await addHourlyStats(
      db,
      [1, 2, 3, 4, 5, 6, 7].map((days) => ({
        hour: new Date(hour - days * 86_400_000),
        advertiserId: shop,
        campaignId,
        bannerId,
        impressions: 1000,
        spendMicros: 20_000_000,
      })),
    );
    // Funds of 30.00 zł: a day and a half of that spend.
    const funds =
      (await advertiserContexts(t.deps, [shop], new Date())).get(shop)?.serving.fundsAvailable ?? 0;
    await postEntries(t, { advertiserId: shop }, 'balance', await t.referenceId('currencies', 'PLN'), [
      3_000 - funds,
    ]);

    const { context, page } = await e2e.open();
    await signIn(context, e2e.server, demo.agency);
    await page.goto(`${panelPrefix.agency}/overview`);
    const overview = page.getByRole('table', { name: 'Your clients, those needing attention first' });
    const row = overview
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: 'Demo Shop', exact: true }) });
    await row.getByRole('list', { name: 'Alerts of Demo Shop' }).getByText('Low balance').waitFor();
    await row.getByText('1 day of spend').waitFor();
    await row.getByText('30.00', { exact: false }).first().waitFor();

    await page.getByRole('button', { name: /^Low balance \(\d+\)$/ }).click();
    await expect.poll(() => page.url()).toContain('alert=low_balance');
    const names = await overview.getByRole('link', { name: /^(?!Report of)/ }).allTextContents();
    expect(names).toContain('Demo Shop');
    expect(names).not.toContain('Garden Corner');
    await saveScreenshot(page, 'agency-overview-low-balance');
    expect(violationSummary(await seriousViolations(page, 'agency overview, filtered'))).toEqual([]);

    // The row offers the client's panel; the side bar's switcher opens it in one click (a "log in
    // as", audited, without a second question).
    await row.getByRole('button', { name: 'Open the panel of Demo Shop' }).waitFor();
    const asked = acceptConfirmations(page);
    await page.getByRole('button', { name: 'Open a client' }).click();
    await page.getByRole('searchbox', { name: 'Find a client by name' }).fill('Demo Shop');
    await page
      .getByRole('list', { name: 'Your clients' })
      .getByRole('button', { name: /^Demo Shop/ })
      .click();
    await page.waitForURL(under(panelPrefix.advertiser));
    expect(asked).toEqual([]);
    await page
      .getByRole('region', { name: 'Sub-account' })
      .getByRole('button', { name: subAccount.backToAgency })
      .waitFor();
    expect((await impersonations())[0]?.event).toBe('created');

    // The client's home page, then the campaign's own page: today's pace against its budget.
    await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
    await page.getByRole('columnheader', { name: /^Last 7 days/ }).waitFor();
    expect(violationSummary(await seriousViolations(page, 'advertiser home'))).toEqual([]);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Campaigns' })
      .click();
    await page.getByRole('link', { name: 'Always on', exact: true }).click();
    await page.waitForURL(under(`${panelPrefix.advertiser}/campaigns/${campaignId}`));
    const pacing = page.getByRole('figure', { name: /Pacing today/ });
    await pacing.getByText(/Spent 0\.00 zł of the daily budget of 1,000\.00 zł/).waitFor();
    await page.getByRole('region', { name: 'Change history' }).waitFor();
    await saveScreenshot(page, 'campaign-performance');
    expect(violationSummary(await seriousViolations(page, 'campaign performance'))).toEqual([]);
    await page.getByRole('tab', { name: 'Settings' }).click();
    await expect.poll(() => page.getByLabel('Name', { exact: true }).inputValue()).toBe('Always on');
  });
});
