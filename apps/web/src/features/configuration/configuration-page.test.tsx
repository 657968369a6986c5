import { configurationMessages } from '@rtb/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fill, makeMe, renderPage, stubApi, validationError } from '../../account/account-test-utils';
import { i18n } from '../../lib/i18n';
import { notify } from '../../shell/toast/notify';
import { ConfigurationPage } from './configuration-page';
import { configValue, english, eur, france, germany, page, pln, poland } from './test-fixtures';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(window, 'confirm').mockReturnValue(true);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

const admin = makeMe('admin');
const viewer = makeMe('admin', { localRole: 'viewer', permissions: ['configuration:read'] });
const path = '/panel/admin/configs';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.search}</p>;
}
const show = (profile = admin, query = '') =>
  renderPage(
    <>
      <ConfigurationPage />
      <Where />
    </>,
    { path: `${path}${query}`, route: path, profile },
  );

describe('ConfigurationPage', () => {
  it('opens on countries with their Enabled/Disabled state, links and toggles', async () => {
    const calls = stubApi({ 'GET /admin/countries': [200, { data: { countries: page([france, poland]) } }] });
    show();
    expect(document.title).toBe('Configuration - RTB Panel');
    expect(screen.getByRole('tab', { name: 'Countries' })).toHaveAttribute('aria-selected', 'true');
    const row = (await screen.findByRole('link', { name: 'Poland' })).closest('tr') as HTMLElement;
    expect(screen.getByRole('link', { name: 'Poland' })).toHaveAttribute(
      'href',
      '/panel/admin/countries/single?id=1',
    );
    expect(within(row).getByText('Enabled')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Disable Poland' })).toBeInTheDocument();
    const franceRow = screen.getByRole('link', { name: 'France' }).closest('tr') as HTMLElement;
    expect(within(franceRow).getByText('Disabled')).toBeInTheDocument();
    expect(within(franceRow).getByRole('button', { name: 'Enable France' })).toBeInTheDocument();
    expect(calls[0]?.query.get('page')).toBe('1');
    expect(calls[0]?.query.has('tab')).toBe(false);
  });

  it('names the countries in Polish from their codes, whatever name is stored', async () => {
    await i18n.changeLanguage('pl');
    stubApi({ 'GET /admin/countries': [200, { data: { countries: page([germany, poland]) } }] });
    show();
    const link = await screen.findByRole('link', { name: 'Niemcy' });
    expect(link).toHaveAttribute('href', '/panel/admin/countries/single?id=2');
    expect(screen.getByRole('link', { name: 'Polska' })).toBeInTheDocument();
    expect(screen.queryByText('Germany')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Wyłącz: Niemcy' })).toBeInTheDocument();
  });

  it('toggles an entry after confirmation and tells it in a toast', async () => {
    const success = vi.spyOn(notify, 'success');
    let enabled = false;
    const calls = stubApi({
      'GET /admin/countries': () => [200, { data: { countries: page([{ ...france, enabled }]) } }],
      'PUT /admin/countries/4/enabled': (call) => {
        enabled = call.body?.enabled === true;
        return [200, { data: { country: { ...france, enabled } } }];
      },
    });
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Enable France' }));
    expect(window.confirm).toHaveBeenCalledWith('Confirm your selection');
    await waitFor(() => expect(success).toHaveBeenCalledWith('France is enabled.'));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ enabled: true, _method: 'PUT' });
    expect(await screen.findByRole('button', { name: 'Disable France' })).toBeInTheDocument();
  });

  it('does nothing when the confirmation is declined', async () => {
    vi.mocked(window.confirm).mockReturnValue(false);
    const calls = stubApi({ 'GET /admin/countries': [200, { data: { countries: page([poland]) } }] });
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Disable Poland' }));
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('shows the API refusal (the default language) in an error toast', async () => {
    const error = vi.spyOn(notify, 'error');
    stubApi({
      'GET /admin/locales': [200, { data: { locales: page([english]) } }],
      'PUT /admin/locales/1/enabled': [
        422,
        {
          message: configurationMessages.defaultLocaleLocked,
          code: 422,
          errors: { enabled: [configurationMessages.defaultLocaleLocked] },
        },
      ],
    });
    show(admin, '?tab=locales');
    await userEvent.click(await screen.findByRole('button', { name: 'Disable English' }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('The default language (English) cannot be disabled.'),
    );
    expect(screen.getByText('Enabled')).toBeInTheDocument();
  });

  it('keeps the tab in the URL; another tab starts afresh', async () => {
    const calls = stubApi({
      'GET /admin/countries': [200, { data: { countries: page([poland]) } }],
      'GET /admin/currencies': [200, { data: { currencies: page([eur, pln]) } }],
    });
    show(admin, '?search=pol&page=2');
    await screen.findByRole('link', { name: 'Poland' });
    expect(calls[0]?.query.get('search')).toBe('pol');
    await userEvent.click(screen.getByRole('tab', { name: 'Currencies' }));
    expect(screen.getByTestId('where')).toHaveTextContent('?tab=currencies');
    expect(screen.getByRole('tab', { name: 'Currencies' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('link', { name: 'Euro' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '€' })).toBeInTheDocument();
    const currencies = calls.find((c) => c.path === '/admin/currencies');
    expect(currencies?.query.has('search')).toBe(false);
    expect(currencies?.query.has('tab')).toBe(false);
  });

  it('searches, sorts by code and pages through the API', async () => {
    const calls = stubApi({
      'GET /admin/countries': (call) => [
        200,
        {
          data: {
            countries: {
              elements: call.query.get('search') === 'zz' ? [] : [poland],
              meta: { page: Number(call.query.get('page')), perPage: 25, total: 30, lastPage: 2 },
            },
          },
        },
      ],
    });
    show();
    await screen.findByRole('link', { name: 'Poland' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Code/ }));
    await waitFor(() => expect(calls.at(-1)?.query.get('sort')).toBe('code'));
    expect(calls.at(-1)?.query.get('order')).toBe('asc');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(calls.at(-1)?.query.get('page')).toBe('2'));
    await fill(user, 'Search countries', 'zz');
    expect(await screen.findByText('Nothing found')).toBeInTheDocument();
    expect(calls.at(-1)?.query.get('search')).toBe('zz');
    expect(calls.at(-1)?.query.get('page')).toBe('1');
  });

  it('shows the empty state and the error state with a retry', async () => {
    let fail = true;
    stubApi({
      'GET /admin/currencies': () =>
        fail
          ? [500, { message: 'A critical error occurred, please try again.', code: 500 }]
          : [200, { data: { currencies: page([]) } }],
    });
    show(admin, '?tab=currencies');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A critical error occurred, please try again.',
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('There are no currencies yet.')).toBeInTheDocument();
  });

  it('lists the settings with typed values linking to their pages', async () => {
    stubApi({
      'GET /admin/config-values': [
        200,
        {
          data: {
            configValues: page([
              configValue({ id: 3, key: 'maintenance', type: 'boolean', value: true }),
              configValue({ id: 4, key: 'auth_token_lifetime_hours', type: 'integer', value: 168 }),
              configValue({ id: 5, key: 'default_commission_percent', type: 'decimal', value: '15.00' }),
              configValue({ id: 6, key: 'custom_thing', type: 'string', value: 'abc', description: '' }),
            ]),
          },
        },
      ],
    });
    show(admin, '?tab=settings');
    const link = await screen.findByRole('link', { name: 'Maintenance mode' });
    expect(link).toHaveAttribute('href', '/panel/admin/config-values/single?id=3');
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getByText('On')).toBeInTheDocument();
    expect(within(row).getByText('On/Off')).toBeInTheDocument();
    expect(screen.getByText('168')).toBeInTheDocument();
    expect(screen.getByText('15.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'custom_thing' })).toBeInTheDocument();
  });

  it('describes the settings in the interface language, an unknown one as stored', async () => {
    await i18n.changeLanguage('pl');
    stubApi({
      'GET /admin/config-values': [
        200,
        {
          data: {
            configValues: page([
              configValue({ id: 4, key: 'auth_token_lifetime_hours', type: 'integer', value: 168 }),
              configValue({
                id: 6,
                key: 'custom_thing',
                type: 'string',
                value: 'abc',
                description: 'As stored.',
              }),
            ]),
          },
        },
      ],
    });
    show(admin, '?tab=settings');
    const row = (await screen.findByRole('link', { name: 'Ważność logowania (godziny)' })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(row).getByText(/Jak długo ważne jest logowanie, w godzinach\./)).toBeInTheDocument();
    expect(within(row).queryByText(/How long/)).not.toBeInTheDocument();
    const custom = screen.getByRole('link', { name: 'custom_thing' }).closest('tr') as HTMLElement;
    expect(within(custom).getByText(/As stored\./)).toBeInTheDocument();
  });

  it('hides every write action without configuration:write', async () => {
    stubApi({
      'GET /admin/countries': [200, { data: { countries: page([poland]) } }],
      'GET /admin/currencies': [200, { data: { currencies: page([eur, pln]) } }],
      'GET /admin/currency-rates': [
        200,
        {
          data: {
            baseCurrency: 'PLN',
            currencyRates: page([
              {
                id: 9,
                currencyId: 2,
                currencyCode: 'EUR',
                rate: '4.31250000',
                validFrom: '2025-01-01',
                createdAt: '2025-01-01 08:00:00',
                createdByAccountId: 1,
              },
            ]),
          },
        },
      ],
    });
    show(viewer);
    await screen.findByRole('link', { name: 'Poland' });
    expect(screen.queryByRole('button', { name: /Disable|Enable/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Currency rates' }));
    expect(await screen.findByText('1 EUR = 4.3125 PLN')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Add a rate' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });
});

describe('Currency rates tab', () => {
  const rate = {
    id: 9,
    currencyId: 2,
    currencyCode: 'EUR',
    rate: '4.31250000',
    validFrom: '2025-01-01',
    createdAt: '2025-01-01 08:00:00',
    createdByAccountId: 1,
  };

  it('adds a rate (not offering the base currency), and deletes one after confirmation', async () => {
    const success = vi.spyOn(notify, 'success');
    const rates = [rate];
    const calls = stubApi({
      'GET /admin/currencies': [200, { data: { currencies: page([eur, pln]) } }],
      'GET /admin/currency-rates': () => [
        200,
        { data: { baseCurrency: 'PLN', currencyRates: page([...rates]) } },
      ],
      'POST /admin/currency-rates': (call) => {
        const added = { ...rate, id: 10, rate: '4.50000000', validFrom: String(call.body?.validFrom) };
        rates.unshift(added);
        return [200, { data: { currencyRate: added } }];
      },
      'DELETE /admin/currency-rates/9': () => {
        rates.splice(rates.indexOf(rate), 1);
        return [200, { data: { status: 'deleted' } }];
      },
    });
    show(admin, '?tab=currency-rates');
    const form = await screen.findByRole('region', { name: 'Add a rate' });
    expect(await within(form).findByRole('option', { name: 'EUR – Euro' })).toBeInTheDocument();
    expect(within(form).queryByRole('option', { name: 'PLN – Polish złoty' })).not.toBeInTheDocument();
    expect(screen.getByText('01.01.2025')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.selectOptions(within(form).getByLabelText('Currency'), '2');
    await fill(user, 'Rate (in PLN for 1 unit)', '4.5');
    await user.clear(within(form).getByLabelText('Valid from'));
    await user.type(within(form).getByLabelText('Valid from'), '01.06.2025');
    await user.click(within(form).getByRole('button', { name: 'Add rate' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('The rate has been added.'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      currencyId: 2,
      rate: '4.5',
      validFrom: '2025-06-01',
    });
    expect(await screen.findByText('01.06.2025')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete the EUR rate from 01.01.2025' }));
    expect(window.confirm).toHaveBeenCalledWith('Confirm your choice');
    await waitFor(() => expect(screen.queryByText('01.01.2025')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/admin/currency-rates/9')).toBe(true);
  });

  it('checks the form before calling, and puts a duplicate date on its field', async () => {
    const calls = stubApi({
      'GET /admin/currencies': [200, { data: { currencies: page([eur, pln]) } }],
      'GET /admin/currency-rates': [200, { data: { baseCurrency: 'PLN', currencyRates: page([]) } }],
      'POST /admin/currency-rates': validationError({ validFrom: [configurationMessages.rateExists] }),
    });
    show(admin, '?tab=currency-rates');
    expect(await screen.findByText('There are no currency rates yet.')).toBeInTheDocument();
    const form = screen.getByRole('region', { name: 'Add a rate' });
    const user = userEvent.setup();
    await fill(user, 'Rate (in PLN for 1 unit)', '0');
    await user.click(within(form).getByRole('button', { name: 'Add rate' }));
    expect(within(form).getByLabelText('Currency')).toHaveAccessibleDescription(
      'Choose a currency from the list.',
    );
    expect(within(form).getByLabelText('Rate (in PLN for 1 unit)')).toHaveAccessibleDescription(
      'Enter a number greater than 0 with up to 8 decimals, e.g. 4.31250000.',
    );
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.selectOptions(within(form).getByLabelText('Currency'), '2');
    await user.clear(within(form).getByLabelText('Rate (in PLN for 1 unit)'));
    await fill(user, 'Rate (in PLN for 1 unit)', '4.2');
    await user.click(within(form).getByRole('button', { name: 'Add rate' }));
    expect(
      await within(form).findByText('This currency already has a rate from this date.'),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText('Valid from')).toHaveAttribute('aria-invalid', 'true');
  });

  it('filters by currency through the URL', async () => {
    const calls = stubApi({
      'GET /admin/currencies': [200, { data: { currencies: page([eur, pln]) } }],
      'GET /admin/currency-rates': [200, { data: { baseCurrency: 'PLN', currencyRates: page([rate]) } }],
    });
    show(admin, '?tab=currency-rates');
    await screen.findByText('1 EUR = 4.3125 PLN');
    await userEvent.selectOptions(screen.getByLabelText('Show rates of'), '2');
    expect(screen.getByTestId('where')).toHaveTextContent('?tab=currency-rates&currencyId=2');
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === '/admin/currency-rates')
          .at(-1)
          ?.query.get('currencyId'),
      ).toBe('2'),
    );
  });
});
