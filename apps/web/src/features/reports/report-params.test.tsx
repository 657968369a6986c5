import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { nextSort, useReportSearch } from './report-params';

const inRouter = (path: string) =>
  function Router({ children }: { children: ReactNode }) {
    return <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>;
  };

describe('report address', () => {
  it('keeps each of several quick changes, made before the address renders again', () => {
    const { result } = renderHook(() => useReportSearch(), { wrapper: inRouter('/reports?page=3') });
    act(() => {
      // One after the other within one event: the second must build on the first.
      result.current.change({ from: '2026-01-01', to: '2026-01-31' });
      result.current.change({ time: 'week' });
      result.current.change({ by: 'country' });
    });
    expect(result.current.search).toMatchObject({
      from: '2026-01-01',
      to: '2026-01-31',
      time: 'week',
      by: 'country',
      page: 1,
    });
  });

  it('turns the order of the sorted column round, and starts names A to Z and figures largest first', () => {
    expect(nextSort('clicks', { sort: 'clicks', order: 'desc' })).toEqual({ sort: 'clicks', order: 'asc' });
    expect(nextSort('name', { sort: 'clicks', order: 'desc' })).toEqual({ sort: 'name', order: 'asc' });
    expect(nextSort('spendMicros', { sort: 'period', order: 'asc' })).toEqual({
      sort: 'spendMicros',
      order: 'desc',
    });
  });
});
