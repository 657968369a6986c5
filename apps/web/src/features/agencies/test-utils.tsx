import type {
  AdvertiserDto,
  AgencyDto,
  CountryDto,
  CurrencyDto,
  LocaleDto,
  LogStatusVerificationDto,
} from '@rtb/shared';
import { act } from '@testing-library/react';
import type { ReactElement } from 'react';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, vi } from 'vitest';
import { makeMe, renderPage } from '../../account/account-test-utils';
import { ToastProvider } from '../../shell/toast/toaster';

export function dismissToasts() {
  act(() => toast.dismiss());
}

/** `renderPage` with the toast container, as the app has it. */
export function renderWithToasts(page: ReactElement, options: Parameters<typeof renderPage>[1]) {
  return renderPage(<ToastProvider>{page}</ToastProvider>, options);
}

/**
 * The hooks of a page test with toasts: console warnings silenced, `confirm()` answered yes, and
 * after each test the toasts dismissed and the stubbed globals and spies undone.
 */
export function pageTestHooks() {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(window, 'confirm').mockReturnValue(true);
  });
  afterEach(() => {
    dismissToasts();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}

export const writer = makeMe('admin');
export const reader = makeMe('admin', {
  localRole: 'viewer',
  permissions: ['agencies:read', 'advertisers:read'],
});

const at = '2024-05-01 10:00:00';
export const pln = { id: 1, code: 'PLN', isoCode: '985', symbol: 'zł' };
export const eur = { id: 2, code: 'EUR', isoCode: '978', symbol: '€' };
export const poland = { id: 1, code: 'PL', isoCode: 'POL', name: 'Poland' };

export function makeAgency(overrides: Partial<AgencyDto> = {}): AgencyDto {
  return {
    id: 7,
    createdAt: at,
    updatedAt: at,
    name: 'Demo Agency',
    currency: pln,
    country: poland,
    taxId: 'PL5250001009',
    taxAddress: 'ul. Marszałkowska 1, Warszawa',
    taxEmail: 'billing@demo-agency.example.com',
    phone: '+48 22 123 45 67',
    statusVerification: 'verified',
    balance: -5000,
    creditLimit: 20000,
    creditValue: 5000,
    availableCredit: 15000,
    useCreditLimit: true,
    hasRegulationAccepted: true,
    commissionPercentLimit: 20,
    stripeId: null,
    billingComplete: true,
    billingMissing: [],
    advertisersCount: 1,
    ...overrides,
  };
}

export function makeAdvertiser(overrides: Partial<AdvertiserDto> = {}): AdvertiserDto {
  return {
    id: 31,
    createdAt: at,
    updatedAt: at,
    name: 'Demo Shop',
    code: 'DEMO-SHOP',
    externalId: null,
    currency: pln,
    country: poland,
    taxId: 'PL7010002137',
    taxAddress: 'ul. Prosta 20, Warszawa',
    taxEmail: 'invoices@demo-shop.example.com',
    phone: null,
    websiteUrl: 'https://demo-shop.example.com',
    websiteLocales: ['pl', 'en'],
    comissionPercent: 15,
    statusVerification: 'verified',
    balance: 123456,
    balanceAgency: 5000,
    creditLimit: 0,
    creditValue: 0,
    availableCredit: 0,
    useCreditLimit: false,
    hasRegulationAccepted: true,
    agency: { id: 7, name: 'Demo Agency' },
    hasAgency: true,
    agencyPaidCampaigns: false,
    timeZone: 'Europe/Warsaw',
    creativesTrusted: false,
    stripeId: null,
    billingComplete: true,
    billingMissing: [],
    ...overrides,
  };
}

export function makeStatusChange(
  overrides: Partial<LogStatusVerificationDto> = {},
): LogStatusVerificationDto {
  return {
    id: 1,
    createdAt: '2024-06-03 09:15:00',
    agency: { id: 7, name: 'Demo Agency' },
    advertiser: null,
    statusFrom: 'pending',
    statusTo: 'verified',
    comment: 'Documents checked',
    changedBy: { id: 5, name: 'Ada Admin', email: 'admin@example.com' },
    ...overrides,
  };
}

export const listReply = <K extends string, T>(key: K, elements: T[], meta = {}) =>
  [
    200,
    {
      data: {
        [key]: {
          elements,
          meta: { page: 1, perPage: 25, total: elements.length, lastPage: 1, ...meta },
        },
      },
    },
  ] as const;

const stamps = { createdAt: at, updatedAt: at, enabled: true };
const currencies: CurrencyDto[] = [
  { ...stamps, ...pln, name: 'Polish złoty' },
  { ...stamps, ...eur, name: 'Euro' },
];
const countries: CountryDto[] = [{ ...stamps, ...poland, eu: true }];
const locales: LocaleDto[] = [
  { ...stamps, id: 1, code: 'en', name: 'English' },
  { ...stamps, id: 2, code: 'pl', name: 'Polski' },
];

/** The platform's enabled currencies (PLN 'zł', EUR '€'): money is written with their symbols. */
export const currenciesReply = listReply('currencies', currencies);

/** The public reference lists the forms and filters offer. */
export const referenceReplies = {
  'GET /currencies': currenciesReply,
  'GET /countries': listReply('countries', countries),
  'GET /locales': listReply('locales', locales),
};

/** The query of the last call to `path`. */
export const lastQuery = (calls: { method: string; path: string; query: URLSearchParams }[], path: string) =>
  Object.fromEntries(calls.filter((c) => c.method === 'GET' && c.path === path).at(-1)?.query ?? []);
