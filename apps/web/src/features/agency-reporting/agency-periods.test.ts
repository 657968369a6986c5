import { describe, expect, it } from 'vitest';
import { agencyPresetOf, agencyPresetPeriod, browserToday, lastMonthOf } from './agency-periods';

describe('agency periods', () => {
  it('takes last month whole, across a year and in a leap February', () => {
    expect(lastMonthOf('2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(lastMonthOf('2024-03-01')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(agencyPresetPeriod('lastMonth', '2026-05-31')).toEqual({ from: '2026-04-01', to: '2026-04-30' });
  });

  it('counts the other presets back from today and names a period by its preset', () => {
    expect(agencyPresetPeriod('last7', '2026-03-02')).toEqual({ from: '2026-02-24', to: '2026-03-02' });
    expect(agencyPresetOf({ from: '2025-12-01', to: '2025-12-31' }, '2026-01-15')).toBe('lastMonth');
    expect(agencyPresetOf({ from: '2026-01-02', to: '2026-01-15' }, '2026-01-15')).toBeUndefined();
  });

  it('takes today in the browser’s time zone', () => {
    const now = new Date();
    const local = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    expect(browserToday(now)).toBe(local);
  });
});
