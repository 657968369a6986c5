import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeMe, stubApi } from '../../account/account-test-utils';
import { i18n } from '../../lib/i18n';
import { dismissToasts, renderWithToasts } from '../agencies/test-utils';
import { MePage } from './me-page';

const at = '2024-01-01 00:00:00';
const locales = [
  200,
  {
    data: {
      locales: {
        elements: [{ id: 1, code: 'en', name: 'English', enabled: true, createdAt: at, updatedAt: at }],
        meta: { page: 1, perPage: 100, total: 1, lastPage: 1 },
      },
    },
  },
] as const;
const settings = (weekly: boolean) => [200, { data: { reportEmails: { weekly } } }] as const;

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(async () => {
  dismissToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

const path = '/panel/advertiser/me';
const card = () => screen.getByRole('region', { name: 'Report e-mails' });
/** A user of a role that may read reports but is not the local admin. */
const reader = makeMe('advertiser', { localRole: 'viewer', permissions: ['reports:read'] });

describe('the weekly report e-mail switch', () => {
  it('shows the saved setting and switches it on and off with PUT, saying so', async () => {
    let weekly = false;
    const calls = stubApi({
      'GET /locales': locales,
      'GET /advertiser/me/report-emails': () => settings(weekly),
      'PUT /advertiser/me/report-emails': (call) => {
        weekly = (call.body as { weekly: boolean }).weekly;
        return settings(weekly);
      },
    });
    renderWithToasts(<MePage kind="advertiser" />, { path, profile: reader });
    const toggle = await within(card()).findByRole('switch', { name: 'Weekly summary by e-mail' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();

    const user = userEvent.setup();
    await user.click(toggle);
    expect(
      await screen.findByText('The weekly summary is on: it comes on Monday mornings.'),
    ).toBeInTheDocument();
    expect(toggle).toBeChecked();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { weekly: true, _method: 'PUT' },
    ]);

    await waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    expect(await screen.findByText('The weekly summary is off.')).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { weekly: true, _method: 'PUT' },
      { weekly: false, _method: 'PUT' },
    ]);
  });

  it('keeps the setting and says why when saving fails', async () => {
    stubApi({
      'GET /locales': locales,
      'GET /advertiser/me/report-emails': settings(true),
      'PUT /advertiser/me/report-emails': [503, { message: 'Service unavailable', code: 503 }],
    });
    renderWithToasts(<MePage kind="advertiser" />, { path, profile: reader });
    const toggle = await within(card()).findByRole('switch', { name: 'Weekly summary by e-mail' });
    await waitFor(() => expect(toggle).toBeChecked());
    await userEvent.setup().click(toggle);
    expect(await screen.findByText(i18n.t('common:errors.maintenance'))).toBeInTheDocument();
    expect(toggle).toBeChecked();
  });

  it('speaks Polish', async () => {
    await i18n.changeLanguage('pl');
    stubApi({ 'GET /locales': locales, 'GET /advertiser/me/report-emails': settings(true) });
    renderWithToasts(<MePage kind="advertiser" />, { path, profile: reader });
    const region = screen.getByRole('region', { name: 'Raporty e-mailem' });
    const toggle = await within(region).findByRole('switch', { name: 'Cotygodniowe podsumowanie e-mailem' });
    await waitFor(() => expect(toggle).toBeChecked());
  });

  it('is not there for users who may not read reports, nor in the other panels', () => {
    const calls = stubApi({ 'GET /locales': locales });
    const { unmount } = renderWithToasts(<MePage kind="advertiser" />, {
      path,
      profile: makeMe('advertiser', { localRole: 'viewer', permissions: ['campaigns:write'] }),
    });
    expect(screen.queryByRole('region', { name: 'Report e-mails' })).not.toBeInTheDocument();
    unmount();
    renderWithToasts(<MePage kind="agency" />, { path: '/panel/agency/me', profile: makeMe('agency') });
    expect(screen.queryByRole('region', { name: 'Report e-mails' })).not.toBeInTheDocument();
    expect(calls.map((c) => c.path)).not.toContain('/advertiser/me/report-emails');
  });
});
