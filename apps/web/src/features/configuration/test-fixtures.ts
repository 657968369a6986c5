import type { ConfigValueDto, CountryDto, CurrencyDto, LocaleDto } from '@rtb/shared';

const at = '2024-05-01 10:00:00';
const meta = (total: number) => ({
  page: 1,
  perPage: 25,
  total,
  lastPage: Math.max(1, Math.ceil(total / 25)),
});
export const page = <T>(elements: T[]) => ({ elements, meta: meta(elements.length) });

export const poland: CountryDto = {
  id: 1,
  code: 'PL',
  isoCode: 'POL',
  name: 'Poland',
  enabled: true,
  eu: true,
  createdAt: at,
  updatedAt: at,
};
export const france: CountryDto = {
  ...poland,
  id: 4,
  code: 'FR',
  isoCode: 'FRA',
  name: 'France',
  enabled: false,
};
export const germany: CountryDto = { ...poland, id: 2, code: 'DE', isoCode: 'DEU', name: 'Germany' };
export const pln: CurrencyDto = {
  id: 1,
  code: 'PLN',
  isoCode: '985',
  name: 'Polish złoty',
  symbol: 'zł',
  enabled: true,
  createdAt: at,
  updatedAt: at,
};
export const eur: CurrencyDto = { ...pln, id: 2, code: 'EUR', isoCode: '978', name: 'Euro', symbol: '€' };
export const english: LocaleDto = {
  id: 1,
  code: 'en',
  name: 'English',
  enabled: true,
  createdAt: at,
  updatedAt: at,
};

export const configValue = (overrides: Partial<ConfigValueDto>): ConfigValueDto => ({
  id: 1,
  key: 'maintenance',
  type: 'boolean',
  value: false,
  description: 'Maintenance mode: only admins get through.',
  createdAt: at,
  updatedAt: at,
  ...overrides,
});
