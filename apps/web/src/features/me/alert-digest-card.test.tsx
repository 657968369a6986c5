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
const settings = (daily: boolean) => [200, { data: { alertDigest: { daily } } }] as const;

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(async () => {
  dismissToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

const card = () => screen.getByRole('region', { name: 'Alert e-mails' });
/** An agency user of a role that may read the agency's advertisers, not the local admin. */
const agencyReader = makeMe('agency', { localRole: 'viewer', permissions: ['advertisers:read'] });

describe('the daily alert digest checkbox', () => {
  it('shows the saved setting, explains it, and ticks it on and off with PUT, saying so', async () => {
    let daily = false;
    const calls = stubApi({
      'GET /locales': locales,
      'GET /agency/me/alert-digest': () => settings(daily),
      'PUT /agency/me/alert-digest': (call) => {
        daily = (call.body as { daily: boolean }).daily;
        return settings(daily);
      },
    });
    renderWithToasts(<MePage kind="agency" />, { path: '/panel/agency/me', profile: agencyReader });
    const box = await within(card()).findByRole('checkbox', { name: 'Daily alert digest' });
    await waitFor(() => expect(box).toBeEnabled());
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(/Every morning at 8:00, when a client needs attention/);

    const user = userEvent.setup();
    await user.click(box);
    expect(
      await screen.findByText('The daily alert digest is on: it comes on mornings with alerts.'),
    ).toBeInTheDocument();
    expect(box).toBeChecked();
    await waitFor(() => expect(box).toBeEnabled());
    await user.click(box);
    expect(await screen.findByText('The daily alert digest is off.')).toBeInTheDocument();
    expect(box).not.toBeChecked();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body])).toEqual([
      ['/agency/me/alert-digest', { daily: true, _method: 'PUT' }],
      ['/agency/me/alert-digest', { daily: false, _method: 'PUT' }],
    ]);
  });

  it('is an advertiser user’s too, at the advertiser panel’s address, with its own sentence', async () => {
    stubApi({ 'GET /locales': locales, 'GET /advertiser/me/alert-digest': settings(true) });
    renderWithToasts(<MePage kind="advertiser" />, {
      path: '/panel/advertiser/me',
      profile: makeMe('advertiser', { localRole: 'viewer', permissions: ['campaigns:read'] }),
    });
    const box = await within(card()).findByRole('checkbox', { name: 'Daily alert digest' });
    await waitFor(() => expect(box).toBeChecked());
    expect(box).toHaveAccessibleDescription(/in your advertiser's time zone/);
  });

  it('keeps the setting and says why when saving fails', async () => {
    stubApi({
      'GET /locales': locales,
      'GET /agency/me/alert-digest': settings(true),
      'PUT /agency/me/alert-digest': [503, { message: 'Service unavailable', code: 503 }],
    });
    renderWithToasts(<MePage kind="agency" />, { path: '/panel/agency/me', profile: agencyReader });
    const box = await within(card()).findByRole('checkbox', { name: 'Daily alert digest' });
    await waitFor(() => expect(box).toBeChecked());
    await userEvent.setup().click(box);
    expect(await screen.findByText(i18n.t('common:errors.maintenance'))).toBeInTheDocument();
    expect(box).toBeChecked();
  });

  it('speaks Polish', async () => {
    await i18n.changeLanguage('pl');
    stubApi({ 'GET /locales': locales, 'GET /agency/me/alert-digest': settings(false) });
    renderWithToasts(<MePage kind="agency" />, { path: '/panel/agency/me', profile: agencyReader });
    const region = screen.getByRole('region', { name: 'Alerty e-mailem' });
    const box = await within(region).findByRole('checkbox', { name: 'Codzienne podsumowanie alertów' });
    await waitFor(() => expect(box).toBeEnabled());
    expect(box).toHaveAccessibleDescription(/Codziennie o 8:00/);
  });

  it('is not there for users who may not read what it tells, nor for admins', () => {
    const calls = stubApi({ 'GET /locales': locales });
    const { unmount } = renderWithToasts(<MePage kind="agency" />, {
      path: '/panel/agency/me',
      profile: makeMe('agency', { localRole: 'viewer', permissions: ['reports:read'] }),
    });
    expect(screen.queryByRole('region', { name: 'Alert e-mails' })).not.toBeInTheDocument();
    unmount();
    const second = renderWithToasts(<MePage kind="advertiser" />, {
      path: '/panel/advertiser/me',
      profile: makeMe('advertiser', { localRole: 'viewer', permissions: ['reports:read'] }),
    });
    expect(screen.queryByRole('region', { name: 'Alert e-mails' })).not.toBeInTheDocument();
    second.unmount();
    renderWithToasts(<MePage kind="admin" />, { path: '/panel/admin/me', profile: makeMe('admin') });
    expect(screen.queryByRole('region', { name: 'Alert e-mails' })).not.toBeInTheDocument();
    expect(calls.map((c) => c.path).filter((p) => p.endsWith('/me/alert-digest'))).toEqual([]);
  });
});
