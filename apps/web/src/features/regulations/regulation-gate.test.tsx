import { regulationMessages } from '@rtb/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeMe, renderPage, stubApi, validationError } from '../../account/account-test-utils';
import { notify } from '../../shell/toast/notify';
import { RegulationGate } from './regulation-gate';
import { makePending } from './test-fixtures';

beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => {}));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const terms = makePending({ id: 7, title: 'Terms of service', version: 2 });
const privacy = makePending({
  id: 8,
  type: 'privacy-policy',
  title: 'Privacy policy',
  version: 1,
  accepted: true,
  acceptedAt: '2024-05-02 09:00:00',
});
const pendingState = [
  200,
  { data: { regulations: [privacy, terms], hasRegulationAccepted: false } },
] as const;
const acceptedState = [
  200,
  {
    data: {
      regulations: [privacy, { ...terms, accepted: true, acceptedAt: '2024-05-03 09:00:00' }],
      hasRegulationAccepted: true,
    },
  },
] as const;

const path = '/panel/advertiser/banners';
const show = (kind: 'agency' | 'advertiser' = 'advertiser', overrides = {}) =>
  renderPage(<RegulationGate kind={kind} />, {
    path,
    profile: makeMe(kind, overrides),
  });

describe('RegulationGate', () => {
  it('stays out of the way when the organisation has accepted everything', async () => {
    const calls = stubApi({ 'GET /advertiser/me/regulation': acceptedState });
    show();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.query.get('locale')).toBe('en');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('asks in a modal dialog for the pending documents, which open in a new tab, and accepts them', async () => {
    const success = vi.spyOn(notify, 'success');
    let accepted = false;
    const calls = stubApi({
      'GET /agency/me/regulation': () => (accepted ? acceptedState : pendingState),
      'POST /agency/me/regulation': () => {
        accepted = true;
        return acceptedState;
      },
    });
    show('agency');
    const dialog = await screen.findByRole('dialog', { name: 'Please accept the updated regulations' });
    expect(dialog).toHaveAttribute('open');
    expect(dialog).toHaveAccessibleDescription(
      'Before you continue, read and accept the current documents on behalf of your organisation.',
    );
    const link = within(dialog).getByRole('link', { name: /Terms of service/ });
    expect(link).toHaveAttribute('href', '/terms-of-service/terms-of-service');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(dialog).getByText('Version 2')).toBeInTheDocument();
    // Only what is still pending is listed.
    expect(within(dialog).queryByRole('link', { name: /Privacy policy/ })).not.toBeInTheDocument();

    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'I accept' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ regulationIds: [7] });
    expect(calls.find((c) => c.method === 'POST')?.query.get('locale')).toBe('en');
    expect(success).toHaveBeenCalledWith('Thank you. The regulations have been accepted.');
  });

  it('Escape does not dismiss it', async () => {
    stubApi({ 'GET /advertiser/me/regulation': pendingState });
    show();
    const dialog = await screen.findByRole('dialog');
    const cancel = new Event('cancel', { cancelable: true });
    dialog.dispatchEvent(cancel);
    expect(cancel.defaultPrevented).toBe(true);
    expect(dialog).toHaveAttribute('open');
  });

  it('tells why an acceptance was refused and shows what is current now', async () => {
    let loads = 0;
    stubApi({
      'GET /advertiser/me/regulation': () => {
        loads += 1;
        return pendingState;
      },
      'POST /advertiser/me/regulation': validationError({ regulationIds: [regulationMessages.notCurrent] }),
    });
    show();
    const dialog = await screen.findByRole('dialog');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'I accept' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Only the current version of a document can be accepted. Reload the page and try again.',
    );
    await waitFor(() => expect(loads).toBe(2));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('a "log in as" session gets a notice instead, and cannot accept', async () => {
    const calls = stubApi({ 'GET /advertiser/me/regulation': pendingState });
    show('advertiser', { hasSourceUser: true });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'This organisation has not accepted the current regulations yet. Only its own users can accept them, not a "log in as" session.',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'I accept' })).not.toBeInTheDocument();
    expect(calls.every((c) => c.method === 'GET')).toBe(true);
  });

  it('a failed check does not lock the user out', async () => {
    stubApi({
      'GET /advertiser/me/regulation': [
        500,
        { message: 'A critical error occurred, please try again.', code: 500 },
      ],
    });
    show();
    await waitFor(() => expect(console.warn).toHaveBeenCalled());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Log out ends the session and leaves the panel', async () => {
    const calls = stubApi({
      'GET /advertiser/me/regulation': pendingState,
      'DELETE /advertiser/auth/token': [200, { data: { status: 'logged_out' } }],
    });
    show();
    const dialog = await screen.findByRole('dialog');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Log out' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/panel/advertiser');
    expect(screen.getByTestId('profile')).toHaveTextContent('none');
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/advertiser/auth/token')).toBe(true);
  });
});
