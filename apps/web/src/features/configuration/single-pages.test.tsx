import { configurationMessages } from '@rtb/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fill, makeMe, renderPage, stubApi, validationError } from '../../account/account-test-utils';
import { i18n } from '../../lib/i18n';
import { notify } from '../../shell/toast/notify';
import { ConfigValuePage } from './config-value-page';
import { CountryPage } from './country-page';
import { CurrencyPage } from './currency-page';
import { LocalePage } from './locale-page';
import { configValue, english, eur, france, poland } from './test-fixtures';

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
const operator = makeMe('admin', { localRole: 'operator', permissions: ['configuration:write'] });

describe('CountryPage', () => {
  const path = '/panel/admin/countries/single';

  it('shows the country and saves the edit with a toast', async () => {
    const success = vi.spyOn(notify, 'success');
    let country = poland;
    const calls = stubApi({
      'GET /admin/countries/1': () => [200, { data: { country } }],
      'PUT /admin/countries/1': (call) => {
        const { _method, ...body } = call.body ?? {};
        country = { ...country, ...body };
        return [200, { data: { country } }];
      },
    });
    renderPage(<CountryPage />, { path: `${path}?id=1`, profile: operator });
    expect(await screen.findByRole('heading', { level: 1, name: /Poland/ })).toHaveTextContent('Enabled');
    expect(document.title).toBe('Country - RTB Panel');
    expect(screen.getByRole('link', { name: /Back to Countries/ })).toHaveAttribute(
      'href',
      '/panel/admin/configs',
    );
    expect(screen.getByLabelText('ISO code')).toHaveValue('POL');
    expect(screen.getByRole('checkbox', { name: 'Member of the European Union' })).toBeChecked();

    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Name'));
    await fill(user, 'Name', 'Polska');
    await user.click(screen.getByRole('checkbox', { name: 'Member of the European Union' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('The changes have been saved.'));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'Polska',
      isoCode: 'POL',
      eu: false,
      _method: 'PUT',
    });
    expect(await screen.findByRole('heading', { level: 1, name: /Polska/ })).toBeInTheDocument();
  });

  it('checks the ISO code before calling, and shows server field errors on the fields', async () => {
    const error = vi.spyOn(notify, 'error');
    const calls = stubApi({
      'GET /admin/countries/1': [200, { data: { country: poland } }],
      // (the server's own wording of a zod check is shown from its code)
      'PUT /admin/countries/1': [
        422,
        {
          message: 'The form contains validation errors.',
          code: 422,
          errors: { name: ['Too small: expected string to have >=1 characters'] },
          error: 'validation.failed',
          issues: { name: [{ code: 'validation.too_small', params: { minimum: 1 } }] },
        },
      ],
    });
    renderPage(<CountryPage />, { path: `${path}?id=1`, profile: admin });
    const user = userEvent.setup();
    await screen.findByLabelText('ISO code');
    await user.clear(screen.getByLabelText('ISO code'));
    await fill(user, 'ISO code', 'po');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByLabelText('ISO code')).toHaveAccessibleDescription(
      configurationMessages.countryIsoCode,
    );
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.clear(screen.getByLabelText('ISO code'));
    await fill(user, 'ISO code', 'POL');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('This value is too short.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(error).toHaveBeenCalledWith('The form contains validation errors.');
  });

  it('toggles the country from its page', async () => {
    let country = france;
    const calls = stubApi({
      'GET /admin/countries/4': () => [200, { data: { country } }],
      'PUT /admin/countries/4/enabled': () => {
        country = { ...france, enabled: true };
        return [200, { data: { country } }];
      },
    });
    renderPage(<CountryPage />, { path: `${path}?id=4`, profile: admin });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Disabled');
    await userEvent.click(screen.getByRole('button', { name: 'Enable France' }));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Enabled');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ enabled: true, _method: 'PUT' });
  });

  it('is read-only without configuration:write', async () => {
    stubApi({ 'GET /admin/countries/1': [200, { data: { country: poland } }] });
    renderPage(<CountryPage />, { path: `${path}?id=1`, profile: viewer });
    expect(await screen.findByLabelText('Name')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Disable/ })).not.toBeInTheDocument();
    expect(screen.getByText('You can view this, but not change it.')).toBeInTheDocument();
  });

  it('says so for an unknown or missing id', async () => {
    stubApi({});
    const { unmount } = renderPage(<CountryPage />, { path: `${path}?id=77`, profile: admin });
    expect(await screen.findByText('This entry does not exist.')).toBeInTheDocument();
    unmount();
    renderPage(<CountryPage />, { path, profile: admin });
    expect(screen.getByText('This entry does not exist.')).toBeInTheDocument();
  });

  it('speaks Polish', async () => {
    await i18n.changeLanguage('pl');
    stubApi({ 'GET /admin/countries/1': [200, { data: { country: poland } }] });
    renderPage(<CountryPage />, { path: `${path}?id=1`, profile: admin });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Włączony');
    expect(screen.getByRole('button', { name: 'Wyłącz: Polska' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zapisz zmiany' })).toBeInTheDocument();
  });
});

describe('CurrencyPage and LocalePage', () => {
  it('edits a currency', async () => {
    const calls = stubApi({
      'GET /admin/currencies/2': [200, { data: { currency: eur } }],
      'PUT /admin/currencies/2': (call) => [200, { data: { currency: { ...eur, ...call.body } } }],
    });
    renderPage(<CurrencyPage />, { path: '/panel/admin/currencies/single?id=2', profile: admin });
    expect(await screen.findByLabelText('ISO number')).toHaveValue('978');
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Symbol'));
    await fill(user, 'Symbol', 'EUR€');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        name: 'Euro',
        isoCode: '978',
        symbol: 'EUR€',
        _method: 'PUT',
      }),
    );
  });

  it('edits a language, and shows why English cannot be disabled', async () => {
    const error = vi.spyOn(notify, 'error');
    stubApi({
      'GET /admin/locales/1': [200, { data: { locale: english } }],
      'PUT /admin/locales/1/enabled': [
        422,
        {
          message: configurationMessages.defaultLocaleLocked,
          code: 422,
          errors: { enabled: [configurationMessages.defaultLocaleLocked] },
        },
      ],
    });
    renderPage(<LocalePage />, { path: '/panel/admin/locales/single?id=1', profile: admin });
    expect(await screen.findByLabelText('Name')).toHaveValue('English');
    expect(screen.getByRole('link', { name: /Back to Languages/ })).toHaveAttribute(
      'href',
      '/panel/admin/configs?tab=locales',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Disable English' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(configurationMessages.defaultLocaleLocked));
  });
});

describe('ConfigValuePage', () => {
  const path = '/panel/admin/config-values/single';

  it('switches a boolean with a switch and saves true', async () => {
    let entry = configValue({ id: 3 });
    const calls = stubApi({
      'GET /admin/config-values/3': () => [200, { data: { configValue: entry } }],
      'PUT /admin/config-values/3': (call) => {
        entry = configValue({ id: 3, value: call.body?.value as boolean });
        return [200, { data: { configValue: entry } }];
      },
    });
    renderPage(<ConfigValuePage />, { path: `${path}?id=3`, profile: admin });
    expect(await screen.findByRole('heading', { level: 1, name: 'Maintenance mode' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Settings/ })).toHaveAttribute(
      'href',
      '/panel/admin/configs?tab=settings',
    );
    const toggle = screen.getByRole('checkbox', { name: 'Maintenance mode on' });
    expect(toggle).not.toBeChecked();
    const user = userEvent.setup();
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ value: true, _method: 'PUT' }),
    );
    expect(await screen.findByText('On')).toBeInTheDocument();
  });

  it('uses a number input for an integer and sends a number', async () => {
    const entry = configValue({ id: 4, key: 'auth_token_lifetime_hours', type: 'integer', value: 168 });
    const calls = stubApi({
      'GET /admin/config-values/4': [200, { data: { configValue: entry } }],
      'PUT /admin/config-values/4': (call) => [
        200,
        { data: { configValue: { ...entry, value: call.body?.value } } },
      ],
    });
    renderPage(<ConfigValuePage />, { path: `${path}?id=4`, profile: admin });
    const input = await screen.findByLabelText('Value');
    expect(input).toHaveAttribute('type', 'number');
    expect(input).toHaveValue(168);
    const user = userEvent.setup();
    await user.clear(input);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(input).toHaveAccessibleDescription(configurationMessages.integerValue);
    await fill(user, 'Value', '24');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ value: 24, _method: 'PUT' }),
    );
  });

  it('uses text for a decimal and shows the server error on the value', async () => {
    const entry = configValue({ id: 5, key: 'default_commission_percent', type: 'decimal', value: '15.00' });
    stubApi({
      'GET /admin/config-values/5': [200, { data: { configValue: entry } }],
      'PUT /admin/config-values/5': validationError({ value: [configurationMessages.decimalValue] }),
    });
    renderPage(<ConfigValuePage />, { path: `${path}?id=5`, profile: admin });
    const input = await screen.findByLabelText('Value');
    expect(input).not.toHaveAttribute('type', 'number');
    expect(input).toHaveValue('15.00');
    const user = userEvent.setup();
    await user.clear(input);
    await fill(user, 'Value', '12.5');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(configurationMessages.decimalValue)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks an e-mail before calling, in Polish too', async () => {
    await i18n.changeLanguage('pl');
    const entry = configValue({ id: 6, key: 'support_email', type: 'email', value: 'support@example.com' });
    const calls = stubApi({ 'GET /admin/config-values/6': [200, { data: { configValue: entry } }] });
    renderPage(<ConfigValuePage />, { path: `${path}?id=6`, profile: admin });
    const input = await screen.findByLabelText('Wartość');
    expect(input).toHaveAttribute('type', 'email');
    const user = userEvent.setup();
    await user.clear(input);
    await fill(user, 'Wartość', 'nope');
    await user.click(screen.getByRole('button', { name: 'Zapisz zmiany' }));
    expect(input).toHaveAccessibleDescription('Wpisz poprawny adres e-mail.');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });
});
