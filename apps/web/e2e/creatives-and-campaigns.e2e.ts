import { describe, expect, it } from 'vitest';
import { html5Zip, indexHtml } from '../../api/src/contexts/campaigns/banners/test-helpers';
import {
  createCampaign,
  setCampaignStatus,
  todayOf,
  validCampaign,
} from '../../api/src/contexts/campaigns/campaigns/test-helpers';
import { postEntries } from '../../api/src/contexts/organisations/organisations/test-helpers';
import { organisationId } from '../../api/src/contexts/organisations/organisations/test-users';
import { apiData } from './support/api';
import { axeClean } from './support/axe';
import { MOBILE } from './support/browser';
import { campaignSummary, nextStep, stepLink } from './support/campaigns';
import { shownMoney } from './support/format';
import { png } from './support/images';
import { assertNoOverlaps } from './support/layout';
import { saveScreenshot } from './support/screenshot';
import { signIn } from './support/session';
import { setupE2E } from './support/setup';
import { rowByHeader } from './support/tables';
import { demo, panelPrefix } from './support/texts';

// Landing pages are checked by requesting them: the e2e server's own page answers.
const e2e = setupE2E({ urlVerifyAllowPrivate: true });
const campaigns = `${panelPrefix.advertiser}/campaigns`;

const bannersPath = `${panelPrefix.advertiser}/banners`;

/** An HTML5 banner whose script writes whether it can reach the panel's cookies and storage. */
const sandboxProbe = indexHtml({
  body: `<p id="probe">not run</p><script>
    var probe = document.getElementById('probe');
    try { document.cookie; localStorage.length; probe.textContent = 'Cookies and storage readable!'; }
    catch (e) { probe.textContent = 'Sandboxed: no cookies, no storage.'; }
  </script>`,
});

describe('creatives', () => {
  it('an advertiser uploads banners; a file of a size not allowed is refused with the sizes', async () => {
    const { context, page } = await e2e.open();
    await signIn(context, e2e.server, demo.advertiser);
    await page.goto(bannersPath);
    await page.getByText('No banners yet').waitFor();
    await page.getByLabel('Landing page of these banners').fill(`${e2e.server.baseURL}/`);
    await page.getByLabel('Choose files').setInputFiles([
      {
        name: 'autumn-html5.zip',
        mimeType: 'application/zip',
        buffer: html5Zip({ 'index.html': sandboxProbe }),
      },
      { name: 'spring-rectangle.png', mimeType: 'image/png', buffer: await png(300, 250, '#16a34a') },
      // Twice 728x90: served at 728x90.
      { name: 'summer-leaderboard.png', mimeType: 'image/png', buffer: await png(1456, 180, '#2563eb') },
      { name: 'odd-size.png', mimeType: 'image/png', buffer: await png(123, 45, '#db2777') },
    ]);
    await page.getByRole('button', { name: 'Upload 4 files' }).click();
    await page.getByText('3 banners uploaded.').waitFor();
    await page.getByText(/The banner is 123x45; allowed sizes are 300x250, 336x280/).waitFor();
    const list = page.getByRole('table', { name: 'Banners' });
    await list.getByRole('row', { name: /spring-rectangle.*300x250.*Pending review/ }).waitFor();
    await list.getByRole('row', { name: /summer-leaderboard.*728x90.*Pending review/ }).waitFor();
    await saveScreenshot(page, 'banners-uploaded');
    await axeClean(page, 'the banners page');

    // The HTML5 banner runs in its preview, in a sandbox without the panel's origin.
    await list.getByRole('button', { name: 'autumn-html5', exact: true }).click();
    await page.frameLocator('iframe').getByText('Sandboxed: no cookies, no storage.').waitFor();
  });

  it('an admin rejects one creative with a reason and approves the other; the advertiser is told why', async () => {
    const { context, page } = await e2e.open();
    await signIn(context, e2e.server, demo.admin);
    await page.goto(`${panelPrefix.admin}/advertisers`);
    const tab = page.getByRole('tab', { name: /Creatives to review/ });
    await expect.poll(() => tab.textContent()).toContain('3');
    await tab.click();
    await page.getByRole('button', { name: 'summer-leaderboard', exact: true }).click();
    const panel = page.getByRole('dialog', { name: /summer-leaderboard/ });
    await panel.getByRole('img', { name: /Preview of summer-leaderboard/ }).waitFor();
    await saveScreenshot(page, 'creative-review');
    await axeClean(page, 'the review panel');
    await panel.getByLabel('Reason').selectOption({ label: 'The landing page does not match the banner' });
    await panel
      .getByLabel('Note for the advertiser')
      .fill('The banner shows summer shoes; the page sells coats.');
    await panel.getByRole('button', { name: 'Reject', exact: true }).click();
    await page.getByText('summer-leaderboard has been rejected.').waitFor();
    // The last one on the page: the panel closes.
    await panel.waitFor({ state: 'hidden' });
    await expect.poll(() => tab.textContent()).toContain('2');
    await page.getByRole('button', { name: 'spring-rectangle', exact: true }).click();
    await page
      .getByRole('dialog', { name: /spring-rectangle/ })
      .getByRole('button', { name: 'Approve' })
      .click();
    await page.getByText('spring-rectangle has been approved.').waitFor();
    await expect.poll(() => tab.textContent()).toContain('1');

    const mails = await e2e.server.t.outbox();
    const rejection = mails.find(
      (mail) => mail.toAddress === demo.advertiser.login && mail.subject.includes('summer-leaderboard'),
    );
    expect(rejection?.html).toContain('The banner shows summer shoes; the page sells coats.');

    const shop = await e2e.open();
    await signIn(shop.context, e2e.server, demo.advertiser);
    await shop.page.goto(bannersPath);
    await shop.page.getByRole('button', { name: 'summer-leaderboard', exact: true }).click();
    const details = shop.page.getByRole('dialog', { name: /summer-leaderboard/ });
    await details.getByText('The landing page does not match the banner').waitFor();
    await details.getByText('The banner shows summer shoes; the page sells coats.').waitFor();
    await details.getByRole('button', { name: 'Send for review again' }).waitFor();
    await axeClean(shop.page, "the rejected banner's panel");
  });

  it('works at 375 px', async () => {
    const { context, page } = await e2e.open(MOBILE);
    await signIn(context, e2e.server, demo.advertiser);
    await page.goto(bannersPath);
    await page.getByRole('table', { name: 'Banners' }).getByText('spring-rectangle').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await saveScreenshot(page, 'banners');
    await axeClean(page, 'the banners page at 375 px');
  });
});

describe('campaigns', () => {
  // After the creatives: spring-rectangle is approved, summer-leaderboard rejected.
  it('an advertiser creates a campaign, sees why it does not serve, fixes that and activates it', async () => {
    const shop = await organisationId(e2e.server.t, 'advertiser', 'Demo Shop');
    const { context, page } = await e2e.open();
    await signIn(context, e2e.server, demo.advertiser);

    await page.goto(campaigns);
    await page.getByRole('button', { name: 'Create your first campaign' }).click();
    await page.getByRole('heading', { name: 'New campaign', level: 1 }).waitFor();
    // Step by step: Next checks each step before moving on.
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByText('This field is required.').first().waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Spring sale');
    await page.getByLabel('Daily budget (zł)').fill('50');
    await page.getByLabel('Maximum CPM (zł)').fill('5');
    await nextStep(page, 'Audience & targeting');
    await page
      .getByLabel('Never on these sites and apps')
      .fill('bad.example.com\nnot a domain\nbad.example.com');
    await page.getByText('Line 2 is not a domain: not a domain.').waitFor();
    await page.getByLabel('Never on these sites and apps').fill('bad.example.com\nwww.bad.example.com');
    await page.getByText('1 valid unique domain', { exact: true }).waitFor();
    // The forecast is beside the step at this width.
    const forecast = page.getByRole('region', { name: 'Forecast per day' });
    const forecastBox = await forecast.boundingBox();
    const stepBox = await page.getByRole('heading', { name: 'Audience & targeting', level: 2 }).boundingBox();
    expect(forecastBox && stepBox && forecastBox.x > stepBox.x + stepBox.width).toBe(true);
    await saveScreenshot(page, 'campaign-new');
    await axeClean(page, 'the new campaign form');
    await nextStep(page, 'Creatives');
    await nextStep(page, 'Schedule');
    await page.getByRole('radio', { name: 'Only at the hours chosen below' }).check();
    await page.getByRole('button', { name: 'All hours', exact: true }).click();
    await nextStep(page, 'Review');
    await page.getByText('bad.example.com', { exact: true }).waitFor();
    await page.getByText('168 hours a week chosen').waitFor();
    await saveScreenshot(page, 'campaign-review');
    await axeClean(page, 'the new campaign review');
    await page.getByRole('button', { name: 'Create campaign' }).click();

    // Saved as a draft: the page says why it does not serve, and where each reason is fixed.
    await page.getByRole('heading', { name: 'Spring sale', level: 1 }).waitFor();
    await campaignSummary(page).getByText('Not serving').waitFor();
    await campaignSummary(page)
      .getByText(/No approved banner/)
      .waitFor();
    await campaignSummary(page)
      .getByText(/Draft: activate it to run/)
      .waitFor();
    await campaignSummary(page)
      .getByText(/Balance and credit exhausted/)
      .waitFor();
    await campaignSummary(page).getByRole('link', { name: 'Go to banners' }).waitFor();

    // The fixes: money on the balance, and the creative the admin approved.
    await postEntries(
      e2e.server.t,
      { advertiserId: shop },
      'balance',
      await e2e.server.t.referenceId('currencies', 'PLN'),
      [100_000],
    );
    await page.reload();
    await stepLink(page, 'Creatives').click();
    await page.getByRole('checkbox', { name: /spring-rectangle/ }).check();
    await page.getByText('1 approved banner picked.').waitFor();
    await page.getByRole('button', { name: 'Save campaign' }).click();
    await page.getByText('The campaign has been saved.').waitFor();
    await campaignSummary(page).getByRole('button', { name: 'Activate' }).click();
    await campaignSummary(page).getByRole('button', { name: 'Pause' }).waitFor();
    await expect.poll(() => campaignSummary(page).getByText('Not serving').count()).toBe(0);
    await saveScreenshot(page, 'campaign-serving');
    await axeClean(page, 'the campaign page');

    // The list: serving, and a bulk pause.
    await page.goto(campaigns);
    const row = page.getByRole('row', { name: /Spring sale/ });
    await row.getByText('Serving', { exact: true }).waitFor();
    await saveScreenshot(page, 'campaigns');
    await axeClean(page, 'the campaigns list');
    await row.getByRole('checkbox', { name: 'Select Spring sale' }).check();
    await page
      .getByRole('region', { name: 'Selected campaigns' })
      .getByRole('button', { name: 'Pause' })
      .click();
    const confirmation = page.getByRole('dialog', { name: 'Confirm your choice' });
    await confirmation.waitFor();
    await axeClean(page, 'the bulk confirmation');
    await confirmation.getByRole('button', { name: 'Pause' }).click();
    await page.getByText('1 campaign changed.').waitFor();
    await row.getByText('Not serving').waitFor();
  });

  // After the first test: its campaign is on the list.
  it('works at 375 px: the list scrolls sideways and the hours grid stays in its box', async () => {
    const { context, page } = await e2e.open(MOBILE);
    await signIn(context, e2e.server, demo.advertiser);
    await page.goto(campaigns);
    await page.getByRole('link', { name: 'Spring sale' }).waitFor();
    await page.getByRole('region', { name: 'Campaigns (scrolls sideways)' }).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(MOBILE.width);
    await saveScreenshot(page, 'campaigns');
    await axeClean(page, 'the campaigns list at 375 px');

    await page.getByRole('link', { name: 'Spring sale' }).click();
    await page.getByRole('tab', { name: 'Performance' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await page.getByRole('tab', { name: 'Settings' }).click();
    await stepLink(page, 'Schedule').click();
    await page.getByText('Step 4 of 5 · Schedule').waitFor();
    await page.getByRole('radio', { name: 'Only at the hours chosen below' }).check();
    await page.getByRole('button', { name: 'Monday 09:00–10:00' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await saveScreenshot(page, 'campaign');
    await axeClean(page, 'the campaign page at 375 px');

    // A new campaign: the compact step indicator, the forecast under the step.
    await page.goto(`${campaigns}/new`);
    await page.getByText('Step 1 of 5 · Goal & budget').waitFor();
    const forecast = await page.getByRole('region', { name: 'Forecast per day' }).boundingBox();
    const name = await page.getByLabel('Name', { exact: true }).boundingBox();
    expect(forecast && name && forecast.y > name.y).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await saveScreenshot(page, 'campaign-new');
    await axeClean(page, 'the new campaign form at 375 px');
  });

  // After the first test: its campaign is on the list.
  it('an advertiser duplicates a campaign: the toast links to the copy, and a retry after a lost answer makes one copy', async () => {
    const { context, page } = await e2e.open();
    await signIn(context, e2e.server, demo.advertiser);
    await page.goto(campaigns);
    // The first answer is lost on the way back (the copy is made): the user clicks again.
    let lost = false;
    await page.route('**/api/advertiser/campaigns/*/duplicate', async (route) => {
      if (lost) return route.continue();
      lost = true;
      await route.fetch();
      await route.abort('connectionreset');
    });
    const duplicate = page.getByRole('button', { name: 'Duplicate Spring sale' });
    await duplicate.click();
    await page.getByText('Communication error').waitFor();
    await duplicate.click();
    const toast = page.getByRole('alert').filter({ hasText: 'Copied as Copy of Spring sale (a draft).' });
    await toast.waitFor();
    await page.getByRole('heading', { name: 'Campaigns', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Copy of Spring sale', exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Copy of Spring sale', exact: true }).count()).toBe(1);
    await toast.getByRole('link', { name: 'Open the copy' }).click();
    await page.getByRole('heading', { name: 'Copy of Spring sale', level: 1 }).waitFor();
  });

  it("an admin sees the advertiser's campaigns with their serving status, and resumes one", async () => {
    const shop = await organisationId(e2e.server.t, 'advertiser', 'Demo Shop');
    const { context, page } = await e2e.open();
    await signIn(context, e2e.server, demo.admin);
    await page.goto(`${panelPrefix.admin}/advertisers/single?id=${shop}`);
    const section = page.getByRole('region', { name: 'Campaigns' });
    const row = section.getByRole('row', { name: /Spring sale/ });
    await row.getByText('Paused', { exact: true }).first().waitFor();
    await row.getByRole('button', { name: 'Resume Spring sale' }).click();
    await page.getByText('Spring sale is active again.').waitFor();
    await row.getByText('Serving', { exact: true }).waitFor();
    await axeClean(page, "the admin's advertiser page");
  });

  // After the first test: spring-rectangle is approved and Demo Shop has money.
  it('an advertiser lowers the bid of several campaigns at once after a preview, and duplicates one as a draft with the same settings', async () => {
    const { t } = e2e.server;
    const { context, page } = await e2e.open();
    const token = await signIn(context, e2e.server, demo.advertiser);
    const shop = await organisationId(t, 'advertiser', 'Demo Shop');
    const today = await todayOf(t, shop);
    const { campaignSettings } = await apiData(
      e2e.server,
      token,
      'GET',
      '/api/advertiser/campaigns/settings',
    );
    const minCpm: number = campaignSettings.minCpm;
    const { banners } = await apiData(e2e.server, token, 'GET', '/api/advertiser/banners');
    const approved = banners.elements.find((b: { name: string }) => b.name === 'spring-rectangle');
    // Three campaigns made through the API: two whose bids can go 10 % lower, one already at the minimum.
    const names = { spread: 'Autumn spread', brand: 'Autumn brand', floor: 'Autumn floor' };
    const spread = await createCampaign(
      t,
      token,
      validCampaign(today, {
        name: names.spread,
        maxCpm: minCpm * 4,
        hoursOfWeek: [9, 10, 11, 33, 34],
        frequencyCap: { count: 3, period: 'day' },
        countries: ['PL', 'DE'],
        deviceTypes: ['desktop', 'mobile'],
        excludeDomains: ['bad.example.com'],
        excludedCategories: ['IAB25'],
        bannerIds: [approved.id],
      }),
    );
    await setCampaignStatus(t, token, spread.id, 'active');
    const brand = await createCampaign(
      t,
      token,
      validCampaign(today, { name: names.brand, maxCpm: minCpm * 10 }),
    );
    const floor = await createCampaign(t, token, validCampaign(today, { name: names.floor, maxCpm: minCpm }));
    const picked = [spread, brand, floor];
    const bidOf = async (id: number) =>
      (await apiData(e2e.server, token, 'GET', `/api/advertiser/campaigns/${id}`)).campaign.maxCpm;

    await page.goto(campaigns);
    const list = page.getByRole('table', { name: 'Campaigns' });
    for (const name of Object.values(names))
      await list.getByRole('checkbox', { name: `Select ${name}`, exact: true }).check();
    const selected = page.getByRole('region', { name: 'Selected campaigns' });
    await selected.getByText('3 campaigns selected').waitFor();
    await selected.getByRole('button', { name: 'Edit', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Edit 3 campaigns' });
    await panel.getByLabel('Setting').selectOption({ label: 'Maximum CPM (bid)' });
    await panel
      .getByLabel('Change', { exact: true })
      .selectOption({ label: 'Raise or lower by a percentage' });
    await panel.getByLabel('Percentage (%); a minus lowers').fill('-10');
    // The panel is narrow: each choice is shown whole.
    await assertNoOverlaps(page, 'the bulk edit panel');
    await panel.getByRole('button', { name: 'Preview', exact: true }).click();

    // The preview: each campaign's bid before and after, the one at the minimum left out in red.
    const preview = panel.getByRole('region', { name: 'What the change does' });
    await preview
      .getByText('2 campaigns change. 1 campaign cannot take this change (in red) and is left out.')
      .waitFor();
    const zl = (minor: number) => shownMoney(minor, 'zł');
    const lowered = (minor: number) => Math.round(minor * 0.9);
    const row = (name: string) => preview.getByRole('row', { name: new RegExp(`^${name}`) });
    expect(await row(names.spread).getByRole('cell').textContent()).toBe(
      `${zl(minCpm * 4)} → ${zl(lowered(minCpm * 4))}`,
    );
    expect(await row(names.brand).getByRole('cell').textContent()).toBe(
      `${zl(minCpm * 10)} → ${zl(lowered(minCpm * 10))}`,
    );
    expect(await row(names.floor).getAttribute('data-failing')).toBe('true');
    await saveScreenshot(page, 'campaigns-bulk-edit-preview');
    await axeClean(page, 'the bulk edit preview');
    // Nothing changes before Apply.
    expect(await bidOf(spread.id)).toBe(minCpm * 4);
    await panel.getByRole('button', { name: 'Apply to 2 campaigns' }).click();
    await page.getByText('2 campaigns changed.').waitFor();
    await panel.waitFor({ state: 'hidden' });

    // The list and the API have the new bids; the one left out kept its own.
    // The Bid column: the value over the bid strategy's name.
    const maxCpmOf = async (name: string) =>
      (await rowByHeader(list, list.getByRole('row', { name: new RegExp(`Select ${name}\\b`) })))[
        'Bid'
      ]?.replace(/Max CPM$/, '');
    await expect.poll(() => maxCpmOf(names.spread)).toBe(zl(lowered(minCpm * 4)));
    expect(await maxCpmOf(names.brand)).toBe(zl(lowered(minCpm * 10)));
    expect(await maxCpmOf(names.floor)).toBe(zl(minCpm));
    expect(await Promise.all(picked.map((c) => bidOf(c.id)))).toEqual([
      lowered(minCpm * 4),
      lowered(minCpm * 10),
      minCpm,
    ]);

    // Duplicate the active one: a draft copy with the same settings and banner (and the new bid).
    await list.getByRole('button', { name: `Duplicate ${names.spread}`, exact: true }).click();
    await page.getByText(`Copied as Copy of ${names.spread} (a draft).`).waitFor();
    const copyRow = list.getByRole('row', { name: new RegExp(`Select Copy of ${names.spread}\\b`) });
    expect((await rowByHeader(list, copyRow)).Status).toMatch(/^Draft/);
    const { campaigns: all } = await apiData(
      e2e.server,
      token,
      'GET',
      '/api/advertiser/campaigns?perPage=100',
    );
    const copyId = all.elements.find((c: { name: string }) => c.name === `Copy of ${names.spread}`).id;
    const settingsOf = async (id: number) => {
      const { campaign } = await apiData(e2e.server, token, 'GET', `/api/advertiser/campaigns/${id}`);
      const {
        id: _id,
        name,
        status,
        createdAt,
        updatedAt,
        updatedBy,
        servingStatus,
        stats,
        pacingToday,
        ...rest
      } = campaign;
      return { name, status, settings: rest };
    };
    const original = await settingsOf(spread.id);
    const copy = await settingsOf(copyId);
    expect(original.status).toBe('active');
    expect(copy).toEqual({ name: `Copy of ${names.spread}`, status: 'draft', settings: original.settings });
    expect(copy.settings).toMatchObject({ maxCpm: lowered(minCpm * 4), hoursOfWeek: [9, 10, 11, 33, 34] });
    expect(copy.settings.banners.map((b: { id: number }) => b.id)).toEqual([approved.id]);
  });
});
