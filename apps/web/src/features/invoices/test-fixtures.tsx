import type { InvoiceDto, MeDto } from '@rtb/shared';
import { act } from '@testing-library/react';
import type { ReactElement } from 'react';
import { toast } from 'react-toastify';
import { vi } from 'vitest';
import { renderPage } from '../../account/account-test-utils';
import { ToastProvider } from '../../shell/toast/toaster';

export function dismissToasts() {
  act(() => toast.dismiss());
}

export const page = <T,>(elements: T[], meta = {}) => ({
  elements,
  meta: { page: 1, perPage: 25, total: elements.length, lastPage: 1, ...meta },
});

/** A money list or dialog at `path` with toasts, as a panel shows it. */
export const show = (ui: ReactElement, profile: MeDto, path = '/panel/money') =>
  renderPage(<ToastProvider>{ui}</ToastProvider>, { path, route: path.split('?')[0], profile });

/** jsdom has no object URLs: each blob gets `blob:test-N`; revoked ones are recorded. */
export function stubObjectUrls() {
  let next = 0;
  const created = new Set<string>();
  const revoked: string[] = [];
  URL.createObjectURL = vi.fn(() => {
    const url = `blob:test-${++next}`;
    created.add(url);
    return url;
  });
  // Only the URLs made here: test files share a worker (isolate: false), and a download saved in
  // another file revokes its URL a minute later (saveBlob), maybe while this one runs.
  URL.revokeObjectURL = vi.fn((url: string) => {
    if (created.has(url)) revoked.push(url);
  });
  return revoked;
}

/** The headers `fetch` was given for each request to `path`, in order. */
export function headersOf(path: string): Record<string, string>[] {
  const pathOf = (url: unknown) =>
    String(url)
      .replace(/^\/api/, '')
      .split('?')[0];
  return vi
    .mocked(fetch)
    .mock.calls.filter(([url]) => pathOf(url) === path)
    .map(([, init]) => (init?.headers ?? {}) as Record<string, string>);
}

export const pln = { id: 1, code: 'PLN', isoCode: 'PLN', symbol: 'zł' };

export const invoice = (overrides: Partial<InvoiceDto> = {}): InvoiceDto => ({
  id: 3,
  number: 'FV/2024/05/1',
  issuedAt: '2024-05-02 09:30:00',
  agency: { id: 3, name: 'Nowa Agencja' },
  advertiser: null,
  currency: pln as InvoiceDto['currency'],
  net: 100000,
  taxPercent: 23,
  tax: 23000,
  gross: 123000,
  taxNote: null,
  seller: {
    name: 'RTB Sp. z o.o.',
    address: 'Warszawa',
    taxId: 'PL1',
    bankAccount: 'PL61 1090',
    country: 'Poland',
  },
  buyer: {
    name: 'Nowa Agencja Sp. z o.o.',
    taxId: 'PL5260001',
    address: 'ul. Długa 1, Kraków',
    email: 'billing@nowa.pl',
    country: 'Poland',
    countryCode: 'PL',
  },
  description: 'Top-up',
  paymentMethod: 'bank_transfer',
  ...overrides,
});
