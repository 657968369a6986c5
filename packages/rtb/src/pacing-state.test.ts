import { describe, expect, it } from 'vitest';
import { dayFraction, pacingState } from './pacing-state';

const facts = { dailyBudgetMinor: 10_000, currencyMinorUnits: 2, dayFraction: 0.5 };
// 100.00 of budget: half of it by noon is 50.00 = 50,000,000 micros.
const half = 50_000_000;

describe('pacing against the daily budget', () => {
  it('is on track near the straight line, ahead above it and behind under it', () => {
    expect(pacingState({ ...facts, spentTodayMicros: half })).toBe('on_track');
    expect(pacingState({ ...facts, spentTodayMicros: half * 1.2 })).toBe('on_track');
    expect(pacingState({ ...facts, spentTodayMicros: half * 1.3 })).toBe('ahead');
    expect(pacingState({ ...facts, spentTodayMicros: half * 0.8 })).toBe('on_track');
    expect(pacingState({ ...facts, spentTodayMicros: half * 0.7 })).toBe('behind');
    expect(pacingState({ ...facts, spentTodayMicros: 0 })).toBe('behind');
  });

  it('says nothing without a budget or in the first hour of the day', () => {
    expect(pacingState({ ...facts, dailyBudgetMinor: null, spentTodayMicros: half })).toBeNull();
    expect(pacingState({ ...facts, dailyBudgetMinor: 0, spentTodayMicros: half })).toBeNull();
    expect(pacingState({ ...facts, dayFraction: 0.5 / 24, spentTodayMicros: 0 })).toBeNull();
  });

  it('counts the budget in the currency’s own minor units', () => {
    // 100 of a currency without minor units, half spent by noon.
    expect(
      pacingState({ ...facts, dailyBudgetMinor: 100, currencyMinorUnits: 0, spentTodayMicros: half }),
    ).toBe('on_track');
  });
});

describe('the share of the day gone', () => {
  it('reads the wall clock of the time zone', () => {
    const now = new Date('2026-06-01T10:30:00Z');
    expect(dayFraction(now, 'UTC')).toBeCloseTo(10.5 / 24);
    // Warsaw is UTC+2 in summer; Kolkata +5:30.
    expect(dayFraction(now, 'Europe/Warsaw')).toBeCloseTo(12.5 / 24);
    expect(dayFraction(now, 'Asia/Kolkata')).toBeCloseTo(16 / 24);
  });
});
