import { afterEach, describe, expect, it, vi } from 'vitest';
import { isPopupDue, popupDueNow, rememberPopupShown } from './popup-timing';

const DAYS_60 = 5_184_000_000;
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('popup timing (spec sections 4 and 9)', () => {
  it('is due when no timestamp is stored, or the stored one is not a time', () => {
    expect(isPopupDue(null, 1_000)).toBe(true);
    expect(isPopupDue('yesterday', 1_000)).toBe(true);
  });

  it('is due again only once 5184000000 ms have passed', () => {
    const shown = 1_700_000_000_000;
    expect(isPopupDue(String(shown), shown)).toBe(false);
    expect(isPopupDue(String(shown), shown + DAYS_60 - 1)).toBe(false);
    expect(isPopupDue(String(shown), shown + DAYS_60)).toBe(true);
  });

  it('remembers when it was shown in local storage, against the clock', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-01-01T00:00:00Z'));
    expect(popupDueNow()).toBe(true);
    rememberPopupShown();
    expect(localStorage.getItem('popup_shown_at')).toBe(String(Date.parse('2025-01-01T00:00:00Z')));
    vi.setSystemTime(Date.parse('2025-01-01T00:00:00Z') + DAYS_60 - 1);
    expect(popupDueNow()).toBe(false);
    vi.setSystemTime(Date.parse('2025-01-01T00:00:00Z') + DAYS_60);
    expect(popupDueNow()).toBe(true);
  });
});
