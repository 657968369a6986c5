import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConnectivityBar } from './connectivity-bar';

const setOnline = (online: boolean) => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('connectivity bar', () => {
  it('says nothing while online', () => {
    render(<ConnectivityBar />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it("shows 'Internet connection lost' for as long as the browser is offline", () => {
    render(<ConnectivityBar />);
    setOnline(false);
    expect(screen.getByRole('status')).toHaveTextContent('Internet connection lost');
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByRole('status')).toHaveTextContent('Internet connection lost');
  });

  it("shows 'Internet connection restored' for exactly 5000 ms after coming back", () => {
    render(<ConnectivityBar />);
    setOnline(false);
    setOnline(true);
    expect(screen.getByRole('status')).toHaveTextContent('Internet connection restored');
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByRole('status')).toHaveTextContent('Internet connection restored');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('starts in the lost state when the page opens offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<ConnectivityBar />);
    expect(screen.getByRole('status')).toHaveTextContent('Internet connection lost');
  });

  it('going offline again during the restored message shows lost, for good', () => {
    render(<ConnectivityBar />);
    setOnline(false);
    setOnline(true);
    act(() => vi.advanceTimersByTime(2000));
    setOnline(false);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByRole('status')).toHaveTextContent('Internet connection lost');
  });
});
