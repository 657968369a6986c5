import type {
  BalanceHistoryDto,
  LogCreditDto,
  LogTopUpRequestDto,
  PaymentDto,
  PaymentsOverviewDto,
} from '@rtb/shared';
import { vi } from 'vitest';

export const pln = { id: 1, code: 'PLN', isoCode: '985', symbol: 'zł' };
const at = '2024-05-01 10:00:00';

export const makeOverview = (overrides: Partial<PaymentsOverviewDto> = {}): PaymentsOverviewDto => ({
  kind: 'advertiser',
  organisation: { id: 4, name: 'Demo Shop' },
  currency: pln,
  balance: 123_456,
  balanceAgency: 20_000,
  commission: null,
  agencyPaidCampaigns: false,
  creditLimit: 50_000,
  useCreditLimit: true,
  creditValue: 0,
  availableCredit: 50_000,
  billingComplete: true,
  billingMissing: [],
  taxPercent: 23,
  taxNote: null,
  onlineTopUp: { available: false, maxGross: 99_999_999 },
  bankTransfer: { sellerName: 'RTB Platform sp. z o.o.', bankAccount: 'PL61 1090 1014 0000 0712 1981 2874' },
  ...overrides,
});

export const makeHistory = (moved = true): BalanceHistoryDto => ({
  currency: pln,
  moved,
  days: [
    { date: '2024-04-29', balance: 0, balanceAgency: 0, commission: null },
    { date: '2024-04-30', balance: 100_000, balanceAgency: 0, commission: null },
    { date: '2024-05-01', balance: 100_000, balanceAgency: 0, commission: null },
  ],
});

export const makePayment = (overrides: Partial<PaymentDto> = {}): PaymentDto => ({
  id: 1,
  transactionId: 1,
  createdAt: at,
  type: 'manual_top_up',
  account: 'balance',
  agency: null,
  advertiser: { id: 4, name: 'Demo Shop' },
  counterparty: null,
  campaign: null,
  day: null,
  postings: 1,
  currency: pln,
  amount: 100_000,
  balanceBefore: 0,
  balanceAfter: 100_000,
  reason: 'Wire received',
  initiator: { id: 1, name: 'Anna Admin', email: 'admin@example.com' },
  impersonator: null,
  invoice: { id: 9, number: 'FV/2024/05/0001', gross: 123_000 },
  ...overrides,
});

export const makeLogCredit = (overrides: Partial<LogCreditDto> = {}): LogCreditDto => ({
  id: 1,
  createdAt: at,
  agency: null,
  advertiser: { id: 4, name: 'Demo Shop' },
  currency: pln,
  creditLimitBefore: 0,
  creditLimitAfter: 50_000,
  useCreditLimitBefore: false,
  useCreditLimitAfter: true,
  reason: 'Good payer',
  initiator: { id: 1, name: 'Anna Admin', email: 'admin@example.com' },
  impersonator: null,
  ...overrides,
});

export const makeTopUpRequest = (overrides: Partial<LogTopUpRequestDto> = {}): LogTopUpRequestDto => ({
  id: 12,
  createdAt: at,
  updatedAt: at,
  status: 'pending',
  agency: null,
  advertiser: { id: 4, name: 'Demo Shop' },
  currency: pln,
  net: 10_000,
  taxPercent: 23,
  tax: 2_300,
  gross: 12_300,
  taxNote: null,
  comment: null,
  buyer: {
    name: 'Demo Shop',
    taxId: 'PL1234567890',
    address: 'Warszawa',
    email: 'billing@example.com',
    country: 'Poland',
    countryCode: 'PL',
  },
  transferTitle: 'TOPUP-12 Demo Shop',
  bankAccount: 'PL61 1090 1014 0000 0712 1981 2874',
  requestedBy: null,
  impersonator: null,
  decidedBy: null,
  decidedAt: null,
  rejectionReason: null,
  invoice: null,
  ...overrides,
});

export const list = <K extends string, T>(key: K, elements: T[], meta = {}) =>
  [
    200,
    {
      data: {
        [key]: { elements, meta: { page: 1, perPage: 25, total: elements.length, lastPage: 1, ...meta } },
      },
    },
  ] as const;

/** The Idempotency-Key each POST of the stubbed fetch carried (stubApi keeps no headers). */
export function postedKeys(): (string | undefined)[] {
  const fetchMock = globalThis.fetch as unknown as { mock: { calls: [string, RequestInit | undefined][] } };
  return fetchMock.mock.calls
    .map(([, init]) => init)
    .filter((init): init is RequestInit => init?.method === 'POST')
    .map((init) => (init.headers as Record<string, string>)['idempotency-key']);
}

/**
 * recharts measures its container with ResizeObserver, which jsdom lacks. Without a `size` the
 * container stays 0 by 0 and nothing is drawn; with one, it is reported as the container's size.
 */
export function stubResizeObserver(size?: { width: number; height: number }) {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly report: (entries: { contentRect: typeof size }[]) => void) {}
      observe() {
        if (size) this.report([{ contentRect: size }]);
      }
      unobserve() {}
      disconnect() {}
    },
  );
}
