import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Call, stubApi } from './account-test-utils';
import { useCurrencyOf } from './reference-data';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const at = '2024-05-01 10:00:00';
const currency = (code: string, symbol: string, id: number) => ({
  id,
  code,
  symbol,
  isoCode: String(id),
  name: code,
  enabled: true,
  createdAt: at,
  updatedAt: at,
});

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('useCurrencyOf', () => {
  it('resolves a code to the configured currency once, and leaves a code not configured alone', async () => {
    const elements = [currency('PLN', 'zł', 985), currency('EUR', '€', 978)];
    const calls = stubApi({
      'GET /currencies': [
        200,
        { data: { currencies: { elements, meta: { page: 1, perPage: 100, total: 2, lastPage: 1 } } } },
      ],
    });
    const { result } = renderHook(() => useCurrencyOf(), { wrapper });
    // Before the list arrives, the code stands alone.
    expect(result.current('PLN')).toEqual({ code: 'PLN' });
    await waitFor(() => expect(result.current('PLN')).toMatchObject({ code: 'PLN', symbol: 'zł' }));
    expect(result.current('EUR')).toMatchObject({ code: 'EUR', symbol: '€' });
    expect(result.current('CHF')).toEqual({ code: 'CHF' });
    expect(calls.filter((call) => call.path === '/currencies')).toHaveLength(1);
  });

  it('finds a currency disabled since, so an advertiser’s money in it keeps its symbol', async () => {
    const elements = [currency('PLN', 'zł', 985), { ...currency('GBP', '£', 826), enabled: false }];
    const calls = stubApi({
      'GET /currencies': (call: Call) =>
        [
          200,
          {
            data: {
              currencies: {
                // The API lists the disabled ones only when asked to.
                elements: call.query.get('disabled') === 'include' ? elements : elements.slice(0, 1),
                meta: { page: 1, perPage: 100, total: 2, lastPage: 1 },
              },
            },
          },
        ] as const,
    });
    const { result } = renderHook(() => useCurrencyOf(), { wrapper });
    await waitFor(() => expect(result.current('GBP')).toMatchObject({ code: 'GBP', symbol: '£' }));
    expect(calls.find((call) => call.path === '/currencies')?.query.get('disabled')).toBe('include');
  });

  it('leaves the code alone when the list cannot be read', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const calls = stubApi({});
    const { result } = renderHook(() => useCurrencyOf(), { wrapper });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(result.current('PLN')).toEqual({ code: 'PLN' });
  });
});
