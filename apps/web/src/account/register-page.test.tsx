import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type Call,
  fill,
  maintenance,
  renderPage,
  stubApi,
  stubNetworkFailure,
  validationError,
} from './account-test-utils';
import { RegisterPage } from './register-page';

const at = '2024-01-01 00:00:00';
const lists = {
  'GET /countries': [
    200,
    {
      data: {
        countries: {
          elements: [
            {
              id: 1,
              name: 'Poland',
              code: 'PL',
              isoCode: 'POL',
              enabled: true,
              eu: true,
              createdAt: at,
              updatedAt: at,
            },
            {
              id: 2,
              name: 'Germany',
              code: 'DE',
              isoCode: 'DEU',
              enabled: true,
              eu: true,
              createdAt: at,
              updatedAt: at,
            },
          ],
          meta: { page: 1, perPage: 100, total: 2, lastPage: 1 },
        },
      },
    },
  ],
  'GET /currencies': [
    200,
    {
      data: {
        currencies: {
          elements: [
            {
              id: 7,
              name: 'Euro',
              code: 'EUR',
              isoCode: '978',
              symbol: '€',
              enabled: true,
              createdAt: at,
              updatedAt: at,
            },
            {
              id: 8,
              name: 'Polish złoty',
              code: 'PLN',
              isoCode: '985',
              symbol: 'zł',
              enabled: true,
              createdAt: at,
              updatedAt: at,
            },
          ],
          meta: { page: 1, perPage: 100, total: 2, lastPage: 1 },
        },
      },
    },
  ],
} as const;
const sent = [201, { data: { status: 'verification_sent' } }] as const;

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function fillForm(kind: 'agency' | 'advertiser') {
  const user = userEvent.setup();
  await fill(user, kind === 'agency' ? 'Agency name' : 'Company name', 'Nowa Firma');
  if (kind === 'advertiser') await fill(user, 'Shop website', 'https://shop.example.com');
  // The lists arrive from the API before they can be chosen from.
  await screen.findByRole('option', { name: 'Poland' });
  await screen.findByRole('option', { name: 'PLN · Polish złoty' });
  await user.selectOptions(screen.getByLabelText('Country'), 'Poland');
  await user.selectOptions(screen.getByLabelText('Currency'), 'PLN · Polish złoty');
  await fill(user, 'First name', 'Ewa');
  await fill(user, 'Last name', 'Nowak');
  await fill(user, 'Phone (optional)', '+48 600 100 200');
  await fill(user, 'E-mail', 'Ewa@Example.com');
  await fill(user, 'Password', 'lantern-parsley-42');
  await fill(user, 'Repeat password', 'lantern-parsley-42');
  return user;
}

const submit = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Create account' }));

const registration = (calls: Call[]) => calls.filter((c) => c.method === 'POST');

describe('RegisterPage', () => {
  it('sends the advertiser form as the shared schema reads it and shows the inbox message', async () => {
    const calls = stubApi({ ...lists, 'POST /advertiser/auth/register': sent });
    renderPage(<RegisterPage kind="advertiser" />, { path: '/account/advertiser/register' });
    expect(document.title).toBe('Register as an advertiser - RTB Panel');

    const user = await fillForm('advertiser');
    await submit(user);

    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeInTheDocument();
    expect(screen.getByText('ewa@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create account' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the login page' })).toHaveAttribute(
      'href',
      '/account/advertiser/login',
    );
    const [call] = registration(calls);
    expect(call?.path).toBe('/advertiser/auth/register');
    expect(call?.body).toEqual({
      name: 'Nowa Firma',
      websiteUrl: 'https://shop.example.com',
      countryId: 1,
      currencyId: 8,
      firstName: 'Ewa',
      lastName: 'Nowak',
      phone: '+48 600 100 200',
      email: 'ewa@example.com',
      password: 'lantern-parsley-42',
      passwordConfirmation: 'lantern-parsley-42',
      locale: 'en',
    });
  });

  it('registers an agency without a website field', async () => {
    const calls = stubApi({ ...lists, 'POST /agency/auth/register': sent });
    renderPage(<RegisterPage kind="agency" />, { path: '/account/agency/register' });
    expect(screen.queryByLabelText('Shop website')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Already have an account? Log in' })).toHaveAttribute(
      'href',
      '/account/agency/login',
    );

    const user = await fillForm('agency');
    await submit(user);

    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeInTheDocument();
    const [call] = registration(calls);
    expect(call?.path).toBe('/agency/auth/register');
    expect(call?.body).not.toHaveProperty('websiteUrl');
    expect(call?.body).toMatchObject({ name: 'Nowa Firma', countryId: 1, currencyId: 8 });
  });

  it('validates on the client first and sends nothing while the form is wrong', async () => {
    const calls = stubApi({ ...lists });
    renderPage(<RegisterPage kind="advertiser" />, { path: '/account/advertiser/register' });
    const user = userEvent.setup();
    await fill(user, 'Password', 'short');
    await fill(user, 'Repeat password', 'other');
    await fill(user, 'Shop website', 'shop');
    await submit(user);

    const firstName = screen.getByLabelText('First name');
    expect(firstName).toHaveAttribute('aria-invalid', 'true');
    expect(firstName).toHaveAccessibleDescription('This field is required.');
    expect(screen.getByLabelText('Country')).toHaveAccessibleDescription('Choose an option from the list.');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'The password must have at least 8 characters.',
    );
    expect(screen.getByLabelText('Shop website')).toHaveAccessibleDescription(
      'Enter a full address starting with http:// or https://.',
    );
    expect(registration(calls)).toHaveLength(0);
  });

  it('puts the server field errors on their fields, by the first part of dotted keys', async () => {
    stubApi({
      ...lists,
      'POST /agency/auth/register': validationError({
        countryId: ['Choose a country from the list.'],
        'password.0': ['This password is too common. Please choose another one.'],
      }),
    });
    renderPage(<RegisterPage kind="agency" />, { path: '/account/agency/register' });
    const user = await fillForm('agency');
    await submit(user);

    expect(await screen.findByText('Choose a country from the list.')).toBeInTheDocument();
    expect(screen.getByLabelText('Country')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'This password is too common. Please choose another one.',
    );
    expect(screen.queryByRole('heading', { name: 'Check your inbox' })).not.toBeInTheDocument();

    // Typing in a field clears its server error (spec section 5).
    await fill(user, 'Password', 'x');
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
  });

  it('shows the maintenance text on 503', async () => {
    stubApi({ ...lists, 'POST /agency/auth/register': maintenance });
    renderPage(<RegisterPage kind="agency" />, { path: '/account/agency/register' });
    const user = await fillForm('agency');
    await submit(user);
    const alert = await screen.findByText(
      'The system is currently under maintenance. Please try again later.',
    );
    expect(alert).toHaveAttribute('role', 'alert');
  });

  it("shows 'Communication error' when nothing answers, and offers to load the lists again", async () => {
    stubNetworkFailure();
    renderPage(<RegisterPage kind="agency" />, { path: '/account/agency/register' });
    const reload = await screen.findByRole('button', { name: 'Load the lists again' });
    expect(
      within(reload.closest('fieldset') as HTMLElement).getAllByText('The list could not be loaded.'),
    ).toHaveLength(2);

    stubApi({ ...lists });
    const user = userEvent.setup();
    await user.click(reload);
    expect(await screen.findByRole('option', { name: 'Poland' })).toBeInTheDocument();

    stubNetworkFailure();
    await fill(user, 'Agency name', 'Nowa Firma');
    await user.selectOptions(screen.getByLabelText('Country'), 'Poland');
    await user.selectOptions(screen.getByLabelText('Currency'), 'EUR · Euro');
    await fill(user, 'First name', 'Ewa');
    await fill(user, 'Last name', 'Nowak');
    await fill(user, 'E-mail', 'ewa@example.com');
    await fill(user, 'Password', 'lantern-parsley-42');
    await fill(user, 'Repeat password', 'lantern-parsley-42');
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Communication error');
  });
});
