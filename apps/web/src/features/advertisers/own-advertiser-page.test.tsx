import type { BillingInformationDto } from '@rtb/shared';
import { messages } from '@rtb/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fill, makeMe, stubApi, validationError } from '../../account/account-test-utils';
import { dismissToasts, makeAdvertiser, referenceReplies, renderWithToasts } from '../agencies/test-utils';
import { OwnAdvertiserPage } from './own-advertiser-page';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  dismissToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const path = '/panel/advertiser/advertisers/me';
const shop = makeAdvertiser({ id: 4, balance: 123456, balanceAgency: 5000, comissionPercent: 15 });
const billingOf = (advertiser = shop): BillingInformationDto => ({
  currency: advertiser.currency,
  country: advertiser.country,
  taxId: advertiser.taxId,
  taxAddress: advertiser.taxAddress,
  taxEmail: advertiser.taxEmail,
  currencyLocked: true,
  billingComplete: advertiser.billingComplete,
  billingMissing: advertiser.billingMissing,
});
const replies = (advertiser = shop) => ({
  ...referenceReplies,
  'GET /advertiser/advertisers/me': [200, { data: { advertiser } }] as const,
  'GET /advertiser/me/billing-info': [200, { data: { billingInformation: billingOf(advertiser) } }] as const,
});
const render = () => renderWithToasts(<OwnAdvertiserPage />, { path, profile: makeMe('advertiser') });
const card = (name: string) => screen.getByRole('region', { name });
const figure = (region: HTMLElement, label: string) =>
  within(region).getByText(label).nextElementSibling?.textContent;

describe('OwnAdvertiserPage', () => {
  it('shows the agency managing it, the commission with 2 decimals and %, and its balances', async () => {
    stubApi(replies());
    render();
    expect(await screen.findByRole('heading', { name: 'Demo Shop', level: 1 })).toBeInTheDocument();
    expect(within(card('Advertiser profile')).getByText('DEMO-SHOP · Demo Agency')).toBeInTheDocument();
    const terms = card('Agency and commission');
    expect(figure(terms, 'Managed by')).toBe('Demo Agency');
    expect(figure(terms, 'Commission')).toBe('15.00%');
    expect(figure(terms, 'Campaigns paid by')).toBe('You');
    expect(
      within(terms).getByText('Your agency sets the commission and who pays for the campaigns.'),
    ).toBeInTheDocument();
    const money = card('Balance and credit');
    expect(figure(money, 'Balance')).toBe('1,234.56 zł');
    expect(figure(money, 'Funded by the agency')).toBe('50.00 zł');
    expect(figure(money, 'Available credit')).toBe('0.00 zł');
    expect(
      within(money).getByText('Spending on credit is off: only the balance can be spent.'),
    ).toBeInTheDocument();
    // The agency's and the admins' fields are not editable here.
    for (const label of [/Commission/, /Code/, /Agency$/, 'Credit limit'])
      expect(screen.queryByLabelText(label)).not.toBeInTheDocument();
  });

  it('says when no agency manages it', async () => {
    stubApi(replies(makeAdvertiser({ ...shop, agency: null, hasAgency: false, comissionPercent: 12.5 })));
    render();
    const terms = await screen.findByRole('region', { name: 'Agency and commission' });
    expect(figure(terms, 'Managed by')).toBe('No agency');
    expect(figure(terms, 'Commission')).toBe('12.50%');
    expect(within(terms).queryByText('Campaigns paid by')).not.toBeInTheDocument();
    expect(within(terms).getByText(/The platform sets the commission/)).toBeInTheDocument();
  });

  it('checks the website address, then saves name, phone, website and time zone only', async () => {
    const saved = makeAdvertiser({
      ...shop,
      name: 'Demo Shop PL',
      websiteUrl: 'https://shop.example.pl',
      websiteLocales: ['pl'],
    });
    const calls = stubApi({
      ...replies(),
      'POST /url/verify': [
        200,
        {
          data: {
            urlVerification: {
              url: 'https://shop.example.pl',
              finalUrl: 'https://shop.example.pl/',
              status: 200,
            },
          },
        },
      ],
      'PUT /advertiser/advertisers/me': [200, { data: { advertiser: saved } }],
    });
    render();
    const details = await screen.findByRole('region', { name: 'Details' });
    const user = userEvent.setup();
    await user.clear(within(details).getByLabelText('Name'));
    await fill(user, 'Name', 'Demo Shop PL');
    await user.clear(within(details).getByLabelText('Website address'));
    await fill(user, 'Website address', 'https://shop.example.pl');
    await user.click(within(details).getByRole('button', { name: 'Check address' }));
    expect(
      await screen.findByText('The address answers (HTTP 200): https://shop.example.pl/'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/url/verify')?.body).toEqual({ url: 'https://shop.example.pl' });
    await user.click(within(details).getByRole('checkbox', { name: 'English' }));
    const zone = within(details).getByRole('combobox', { name: 'Time zone' });
    expect(zone).toHaveValue('Europe/Warsaw');
    expect(
      within(details).getByText('Campaign days, hours and daily budgets count in this time zone.'),
    ).toBeInTheDocument();
    await user.type(within(details).getByRole('searchbox', { name: 'Search time zones' }), 'lisbon');
    await within(details).findByRole('option', { name: /^Europe\/Lisbon / });
    await user.selectOptions(zone, 'Europe/Lisbon');
    await user.click(within(details).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('The changes have been saved.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      _method: 'PUT',
      name: 'Demo Shop PL',
      phone: null,
      websiteUrl: 'https://shop.example.pl',
      websiteLocales: ['pl'],
      timeZone: 'Europe/Lisbon',
    });
    expect(await screen.findByRole('heading', { name: 'Demo Shop PL', level: 1 })).toBeInTheDocument();
  });

  it("puts an unreachable address's reason on the field", async () => {
    stubApi({
      ...replies(),
      'POST /url/verify': validationError({ url: [messages.urlUnreachable] }),
    });
    render();
    const details = await screen.findByRole('region', { name: 'Details' });
    await userEvent.click(within(details).getByRole('button', { name: 'Check address' }));
    expect(
      await within(details).findByText('The address does not answer. Check it and try again.'),
    ).toBeInTheDocument();
  });

  it('shows the currency as fixed once money has moved', async () => {
    stubApi(replies());
    render();
    const billing = await screen.findByRole('region', { name: 'Billing data' });
    expect(within(billing).getByLabelText('Currency')).toBeDisabled();
  });
});
