import { messages } from '@rtb/shared';
import { contract } from '@rtb/shared/contract';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api-client';
import { MaintenanceProvider, useMaintenance } from './maintenance';

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
}

function Flag() {
  const { maintenance } = useMaintenance();
  return <output data-testid="flag">{maintenance ? 'on' : 'off'}</output>;
}

const call = () => api.call(contract.me.profile, { path: { panel: 'advertiser' } }).catch(() => {});

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('maintenance', () => {
  it('switches on with a 503 carrying the maintenance code and shows the banner', async () => {
    render(
      <MaintenanceProvider>
        <Flag />
      </MaintenanceProvider>,
    );
    expect(screen.getByTestId('flag')).toHaveTextContent('off');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    answer(503, { message: messages.maintenance, code: 503, error: 'common.maintenance' });
    await call();
    await waitFor(() => expect(screen.getByTestId('flag')).toHaveTextContent('on'));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The system is currently under maintenance. Please try again later.',
    );
  });

  it('stays off for a 503 with another code, or the maintenance wording without its code', async () => {
    render(
      <MaintenanceProvider>
        <Flag />
      </MaintenanceProvider>,
    );
    answer(503, { message: 'Service Unavailable', code: 503, error: 'common.critical' });
    await call();
    expect(screen.getByTestId('flag')).toHaveTextContent('off');
    // Decided by the code: the English text alone (a proxy's page, a reworded message) is not it.
    answer(503, { message: messages.maintenance });
    await call();
    expect(screen.getByTestId('flag')).toHaveTextContent('off');
  });

  it('switches off with any other response', async () => {
    render(
      <MaintenanceProvider>
        <Flag />
      </MaintenanceProvider>,
    );
    answer(503, { message: messages.maintenance, code: 503, error: 'common.maintenance' });
    await call();
    await waitFor(() => expect(screen.getByTestId('flag')).toHaveTextContent('on'));
    answer(401, { message: 'Unauthenticated.' });
    await call();
    await waitFor(() => expect(screen.getByTestId('flag')).toHaveTextContent('off'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('throws when the hook is used outside the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Flag />)).toThrow('useMaintenance must be used within MaintenanceProvider');
  });
});
