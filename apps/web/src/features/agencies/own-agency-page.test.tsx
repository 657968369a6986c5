import { type BillingInformationDto, organisationMessages } from '@rtb/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fill, makeMe, stubApi, validationError } from '../../account/account-test-utils';
import { BottomBar } from '../../shell/bottom-bar';
import { OwnAgencyPage } from './own-agency-page';
import { dismissToasts, makeAgency, referenceReplies, renderWithToasts } from './test-utils';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  dismissToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const path = '/panel/agency/agencies/me';
const agency = makeAgency({ id: 3, name: 'Nowa Agencja' });
const billingOf = (overrides: Partial<BillingInformationDto> = {}): BillingInformationDto => ({
  currency: agency.currency,
  country: agency.country,
  taxId: agency.taxId,
  taxAddress: agency.taxAddress,
  taxEmail: agency.taxEmail,
  currencyLocked: false,
  billingComplete: true,
  billingMissing: [],
  ...overrides,
});
const replies = (data = agency, billing = billingOf()) => ({
  ...referenceReplies,
  'GET /agency/agencies/me': [200, { data: { agency: data } }] as const,
  'GET /agency/me/billing-info': [200, { data: { billingInformation: billing } }] as const,
});
const owner = makeMe('agency');
const render = (profile = owner) =>
  renderWithToasts(
    <>
      <OwnAgencyPage />
      <BottomBar kind="agency" />
    </>,
    { path, profile },
  );
const card = (name: string) => screen.getByRole('region', { name });

describe('OwnAgencyPage', () => {
  it('shows the agency with its badges, money per spec section 5, terms and both forms', async () => {
    stubApi(replies());
    render();
    expect(await screen.findByRole('heading', { name: 'Nowa Agencja', level: 1 })).toBeInTheDocument();
    expect(document.title).toBe('Nowa Agencja - RTB Panel');
    const summary = card('Agency profile');
    expect(within(summary).getByText('Poland · PLN')).toBeInTheDocument();
    for (const badge of ['Verified', 'Billing complete', 'Regulations accepted'])
      expect(within(summary).getByText(badge)).toBeInTheDocument();
    const money = card('Balance and credit');
    const figure = (label: string) => within(money).getByText(label).nextElementSibling?.textContent;
    expect(figure('Balance')).toBe('-50.00 zł');
    expect(figure('Credit limit')).toBe('200.00 zł');
    expect(figure('Credit in use')).toBe('50.00 zł');
    expect(figure('Available credit')).toBe('150.00 zł');
    expect(within(card('Terms')).getByText('20.00%')).toBeInTheDocument();
    expect(within(card('Details')).getByLabelText('Name')).toHaveValue('Nowa Agencja');
    expect(within(card('Details')).getByLabelText('Phone')).toHaveValue('+48 22 123 45 67');
    const billing = await screen.findByRole('region', { name: 'Billing data' });
    expect(within(billing).getByLabelText('Tax ID')).toHaveValue('PL5250001009');
    expect(within(billing).getByLabelText('Billing e-mail')).toHaveValue('billing@demo-agency.example.com');
    // What only admins set is not a field here.
    expect(screen.queryByLabelText('Credit limit')).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Commission/)).not.toBeInTheDocument();
  });

  it('lists the missing billing data while it is incomplete', async () => {
    const incomplete = { billingComplete: false, billingMissing: ['taxId', 'country'] as const };
    stubApi(
      replies(
        makeAgency({ ...agency, ...incomplete, billingMissing: ['taxId', 'country'] }),
        billingOf({ ...incomplete, billingMissing: ['taxId', 'country'] }),
      ),
    );
    render();
    const missing = await screen.findByRole('list', { name: 'Missing billing data' });
    expect(
      within(missing)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Tax ID', 'Country']);
    expect(within(card('Agency profile')).getByText('Billing incomplete')).toBeInTheDocument();
  });

  it('saves the name and phone only, and the bottom bar shows the new name', async () => {
    const renamed = makeAgency({ ...agency, name: 'Nowa Agencja Group', phone: '+48 22 999 00 00' });
    const calls = stubApi({
      ...replies(),
      'PUT /agency/agencies/me': [200, { data: { agency: renamed } }],
    });
    render();
    const details = await screen.findByRole('region', { name: 'Details' });
    expect(screen.getByRole('link', { name: /Nowa Agencja/ })).toHaveAttribute('href', path);
    const user = userEvent.setup();
    await user.clear(within(details).getByLabelText('Name'));
    await fill(user, 'Name', 'Nowa Agencja Group');
    await user.clear(within(details).getByLabelText('Phone'));
    await fill(user, 'Phone', '+48 22 999 00 00');
    await user.click(within(details).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('The changes have been saved.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      _method: 'PUT',
      name: 'Nowa Agencja Group',
      phone: '+48 22 999 00 00',
    });
    expect(await screen.findByRole('heading', { name: 'Nowa Agencja Group', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Nowa Agencja Group/ })).toBeInTheDocument();
  });

  it('saves the billing data, refreshes the billing state, and shows server errors on the fields', async () => {
    let saved = false;
    const calls = stubApi({
      ...replies(),
      'GET /agency/agencies/me': () =>
        [
          200,
          {
            data: {
              agency: saved
                ? makeAgency({ ...agency, taxId: null, billingComplete: false, billingMissing: ['taxId'] })
                : agency,
            },
          },
        ] as const,
      'PUT /agency/me/billing-info': (call) => {
        if (call.body?.taxEmail === 'refused@example.com')
          return validationError({ taxEmail: [organisationMessages.taxEmail] });
        saved = true;
        return [
          200,
          {
            data: {
              billingInformation: billingOf({
                taxId: null,
                billingComplete: false,
                billingMissing: ['taxId'],
              }),
            },
          },
        ];
      },
    });
    render();
    const billing = await screen.findByRole('region', { name: 'Billing data' });
    const user = userEvent.setup();
    await user.clear(within(billing).getByLabelText('Billing e-mail'));
    await fill(user, 'Billing e-mail', 'x@');
    await user.click(within(billing).getByRole('button', { name: 'Save billing data' }));
    // The shared schema refuses it before any call.
    expect(await within(billing).findByText('Enter a valid e-mail address.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

    await user.clear(within(billing).getByLabelText('Billing e-mail'));
    await fill(user, 'Billing e-mail', 'refused@example.com');
    await user.click(within(billing).getByRole('button', { name: 'Save billing data' }));
    expect(await screen.findByText('The form contains validation errors.')).toBeInTheDocument();
    expect(within(billing).getByLabelText('Billing e-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(within(billing).getByLabelText('Billing e-mail')).toHaveAccessibleDescription(
      'Enter a valid e-mail address.',
    );

    await user.clear(within(billing).getByLabelText('Billing e-mail'));
    await fill(user, 'Billing e-mail', 'billing@demo-agency.example.com');
    await user.clear(within(billing).getByLabelText('Tax ID'));
    await user.click(within(billing).getByRole('button', { name: 'Save billing data' }));
    expect(await screen.findByText('The billing data has been saved.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({
      _method: 'PUT',
      currencyId: 1,
      countryId: 1,
      taxId: null,
      taxAddress: 'ul. Marszałkowska 1, Warszawa',
      taxEmail: 'billing@demo-agency.example.com',
    });
    // The page's billing state comes again from the API.
    await waitFor(() =>
      expect(within(card('Agency profile')).getByText('Billing incomplete')).toBeInTheDocument(),
    );
    expect(
      within(screen.getByRole('list', { name: 'Missing billing data' })).getByText('Tax ID'),
    ).toBeInTheDocument();
  });

  it('keeps the currency once money has moved', async () => {
    stubApi(replies(agency, billingOf({ currencyLocked: true })));
    render();
    const billing = await screen.findByRole('region', { name: 'Billing data' });
    const currency = within(billing).getByLabelText('Currency');
    expect(currency).toBeDisabled();
    expect(currency).toHaveAccessibleDescription(
      'Money has moved in this currency, so it can no longer change.',
    );
  });

  it('is read-only for a role that may only read it', async () => {
    stubApi(replies());
    render(makeMe('agency', { localRole: 'viewer', permissions: ['agency-profile:read'] }));
    expect(await screen.findByText('You can view these details but not change them.')).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Billing data' });
    expect(screen.getByLabelText('Name')).toBeDisabled();
    expect(screen.getByLabelText('Tax ID')).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Save/ })).not.toBeInTheDocument();
  });

  it('does not open for service users, and asks the API nothing', async () => {
    const calls = stubApi(replies());
    const service = makeMe('agency');
    render({ ...service, agencyUser: service.agencyUser && { ...service.agencyUser, type: 'service' } });
    expect(screen.getByRole('heading', { name: 'Agency profile', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Service users cannot open this page.')).toBeInTheDocument();
    // Nor can they follow the bottom bar here.
    expect(screen.queryByRole('link', { name: /Nowa Agencja/ })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('/agency/'))).toEqual([]);
  });

  it('does not open for a role without the profile permission', () => {
    const calls = stubApi(replies());
    render(makeMe('agency', { localRole: 'custom', permissions: ['advertisers:read'] }));
    expect(screen.getByText('No access')).toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('/agency/'))).toEqual([]);
  });
});
