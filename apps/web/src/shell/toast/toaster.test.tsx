import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProfileProvider } from '../../auth/profile-context';
import { emptyToastQueue } from '../../test/toast-queue';
import { advertiserNav, agencyNav } from '../nav-items';
import { PanelFrame } from '../panel-layout';
import { SidePanel } from '../side-panel/side-panel';
import { advertiserMe, agencyMe } from '../test-utils/fixtures';
import { notify } from './notify';
import { ToastProvider } from './toaster';
import { useCopyToClipboard } from './use-copy';

afterEach(() => {
  act(() => toast.dismiss());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a toast raised with no container mounted', () => {
  it('shows in the next container unless the queue is emptied, as the test setup does before each test', async () => {
    notify.info('Raised after its page was gone');
    const first = render(<ToastProvider>page</ToastProvider>);
    expect(await screen.findByText('Raised after its page was gone')).toBeInTheDocument();
    act(() => toast.dismiss());
    first.unmount();

    notify.info('Raised after its page was gone, again');
    emptyToastQueue();
    render(<ToastProvider>page</ToastProvider>);
    notify.info('Raised on this page');
    expect(await screen.findByText('Raised on this page')).toBeInTheDocument();
    expect(screen.queryByText('Raised after its page was gone, again')).not.toBeInTheDocument();
  });
});

/** react-toastify closes a toast when its progress bar's animation ends: its duration is the delay. */
const autoCloseOf = async (text: string) => {
  const message = await screen.findByText(text);
  const item = message.closest('.Toastify__toast') as HTMLElement;
  const bar = item.querySelector('.Toastify__progress-bar') as HTMLElement;
  return bar.style.animationDuration;
};

function renderShell(kind: 'agency' | 'advertiser') {
  const profile = kind === 'agency' ? agencyMe() : advertiserMe();
  return render(
    <ToastProvider>
      <ProfileProvider initial={profile}>
        <MemoryRouter initialEntries={[`/panel/${kind}`]}>
          <PanelFrame kind={kind} nav={kind === 'agency' ? agencyNav : advertiserNav} />
        </MemoryRouter>
      </ProfileProvider>
    </ToastProvider>,
  );
}

function Copy() {
  const copy = useCopyToClipboard();
  return (
    <button type="button" onClick={() => copy('abc-123')}>
      Copy
    </button>
  );
}

describe('toasts', () => {
  it('appear at the top right and auto-close after 5000 ms outside the agency shell', async () => {
    render(<ToastProvider>page</ToastProvider>);
    act(() => {
      notify.success('Saved');
    });
    expect(await autoCloseOf('Saved')).toBe('5000ms');
    expect(document.querySelector('.Toastify__toast-container--top-right')).not.toBeNull();
  });

  it("start below an open side panel's header, so they never cover its close button", async () => {
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.tagName === 'HEADER' ? 72 : 600;
    });
    const { rerender } = render(
      <ToastProvider>
        <SidePanel title="Top up" onClose={() => {}} />
      </ToastProvider>,
    );
    act(() => {
      notify.success('Requested');
    });
    await screen.findByText('Requested');
    const container = () => document.querySelector('.Toastify__toast-container') as HTMLElement;
    const closeButton = screen.getByRole('button', { name: 'Close' });
    expect(closeButton.closest('header')).not.toBeNull();
    expect(container().style.top).toBe('80px');
    rerender(<ToastProvider>page</ToastProvider>);
    expect(container().style.top).toBe('');
  });

  it('start below the panel header with the profile box, so they never cover it, and are announced politely', async () => {
    const profileBoxRow = 64;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const bottom = this.querySelector('button[aria-expanded]') ? profileBoxRow : 0;
      return { top: 0, left: 0, right: 0, width: 0, height: bottom, bottom, x: 0, y: 0, toJSON: () => ({}) };
    });
    renderShell('advertiser');
    act(() => {
      notify.success('Saved');
    });
    const message = await screen.findByText('Saved');
    const container = document.querySelector('.Toastify__toast-container') as HTMLElement;
    expect(container).toHaveClass('Toastify__toast-container--top-right');
    expect(container.style.top).toBe('72px');
    expect(message.closest('[aria-live="polite"]')).not.toBeNull();
  });

  it('auto-close after 3000 ms in the agency shell', async () => {
    renderShell('agency');
    act(() => {
      notify.error('Agency toast');
    });
    expect(await autoCloseOf('Agency toast')).toBe('3000ms');
  });

  it('keep 5000 ms in the advertiser shell', async () => {
    renderShell('advertiser');
    act(() => {
      notify.info('Advertiser toast');
    });
    expect(await autoCloseOf('Advertiser toast')).toBe('5000ms');
  });

  it("says 'Copied to clipboard' as an info toast after a copy", async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    render(
      <ToastProvider>
        <Copy />
      </ToastProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('abc-123');
    const message = await screen.findByText('Copied to clipboard');
    expect(message.closest('.Toastify__toast')).toHaveClass('Toastify__toast--info');
  });
});
