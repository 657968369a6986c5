import type { DemoTrafficFailure, DemoTrafficStatus } from '@rtb/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeMe, type Reply, renderPage, stubApi } from '../../account/account-test-utils';
import { formatDateTime } from '../../lib/format';
import { i18n } from '../../lib/i18n';
import { DEMO_TRAFFIC_POLL_MS } from './demo-traffic-api';
import { DemoTrafficBanner } from './demo-traffic-banner';

beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => {}));
afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

const refusedWins: DemoTrafficFailure = {
  what: 'win_notice',
  url: 'http://localhost:8080/rtb/win',
  cause: 'refused',
  status: null,
  reason: 'connect ECONNREFUSED 127.0.0.1:8080',
  firstAt: '2025-05-12 08:15:00',
  lastAt: '2025-05-12 08:20:00',
  count: 132,
};

const running = (failures: DemoTrafficFailure[]): DemoTrafficStatus => ({
  running: true,
  rate: 2,
  sent: 600,
  bids: 300,
  calls: { ok: 900, failed: 132 },
  failing: failures.length > 0,
  failures,
  lastFailure: failures.at(-1) ?? refusedWins,
});

const answer = (status: DemoTrafficStatus): Reply => [200, { data: { demoTraffic: status } }];

function show(reply: Reply | (() => Reply), profile = makeMe('admin')) {
  const calls = stubApi({ 'GET /admin/demo-traffic': reply });
  renderPage(
    <>
      <DemoTrafficBanner />
      <h1>The page</h1>
    </>,
    { path: '/panel/admin/agencies', route: '/panel/admin/*', profile },
  );
  return calls;
}

const banner = () => screen.findByRole('alert');

describe('demo traffic banner', () => {
  it('says what fails, where to and why, and what to check, while the demo traffic fails', async () => {
    show(answer(running([refusedWins])));
    const alert = await banner();
    expect(alert).toHaveTextContent('Demo traffic is not reaching the bidder:');
    expect(alert).toHaveTextContent(
      `win notices to http://localhost:8080/rtb/win fail (connection refused; 132 times since ${formatDateTime(refusedWins.firstAt)})`,
    );
    expect(alert).toHaveTextContent(
      'The demo campaigns will not spend. Check PUBLIC_URL (or RTB_PUBLIC_URL) and PORT.',
    );
  });

  it('lists each failing kind; an error status points to the log instead', async () => {
    show(
      answer(
        running([
          {
            ...refusedWins,
            what: 'billing_notice',
            url: 'http://localhost:8080/rtb/bill',
            cause: 'http_status',
            status: 503,
            reason: 'HTTP 503',
            count: 1,
          },
          {
            ...refusedWins,
            what: 'conversion',
            url: 'http://localhost:8080/rtb/conversion',
            cause: 'timeout',
            status: null,
            reason: 'timeout',
            count: 4,
          },
        ]),
      ),
    );
    const items = (await banner()).querySelectorAll('li');
    expect([...items].map((item) => item.textContent)).toEqual([
      `billing notices to http://localhost:8080/rtb/bill fail (answered with HTTP status 503; once, at ${formatDateTime(refusedWins.firstAt)})`,
      `conversions to http://localhost:8080/rtb/conversion fail (no answer in time; 4 times since ${formatDateTime(refusedWins.firstAt)})`,
    ]);
    expect(await banner()).toHaveTextContent(
      "The demo campaigns will not spend. The process's log tells more.",
    );
  });

  it('speaks Polish', async () => {
    await i18n.changeLanguage('pl');
    show(answer(running([{ ...refusedWins, count: 3 }])));
    const alert = await banner();
    expect(alert).toHaveTextContent('Ruch demonstracyjny nie dociera do biddera:');
    expect(alert).toHaveTextContent(
      `powiadomienia o wygranej do http://localhost:8080/rtb/win kończą się błędem (połączenie odrzucone; 3 razy od ${formatDateTime(refusedWins.firstAt)})`,
    );
    expect(alert).toHaveTextContent(
      'Kampanie demonstracyjne nie będą wydawać budżetu. Sprawdź PUBLIC_URL (lub RTB_PUBLIC_URL) i PORT.',
    );
  });

  it.each([
    ['healthy', answer(running([]))],
    ['not running', [200, { data: { demoTraffic: { running: false } } }] as const],
    [
      'unknown (the status could not be read)',
      [500, { message: 'A critical error occurred, please try again.', code: 500 }] as const,
    ],
  ])('shows nothing while the demo traffic is %s', async (_, reply) => {
    const calls = show(reply);
    await waitFor(() => expect(calls).toHaveLength(1));
    await screen.findByRole('heading', { name: 'The page' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks again every 30 s: appears when the traffic starts failing, goes when it recovers', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const replies = [running([]), running([refusedWins]), running([])];
    let reads = 0;
    show(() => answer(replies[Math.min(reads++, replies.length - 1)] as DemoTrafficStatus));
    await waitFor(() => expect(reads).toBe(1));
    // Half way (the fake clock also follows real time, so a margin): not yet.
    await act(() => vi.advanceTimersByTimeAsync(DEMO_TRAFFIC_POLL_MS / 2));
    expect(reads).toBe(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(DEMO_TRAFFIC_POLL_MS / 2));
    expect(await banner()).toHaveTextContent('win notices to http://localhost:8080/rtb/win fail');
    expect(reads).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(DEMO_TRAFFIC_POLL_MS));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(reads).toBe(3);
  });

  it('is not there for an admin who may not read the configuration, and asks nothing', async () => {
    const calls = show(
      answer(running([refusedWins])),
      makeMe('admin', { localRole: 'support', permissions: ['support:write'] }),
    );
    await screen.findByRole('heading', { name: 'The page' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
