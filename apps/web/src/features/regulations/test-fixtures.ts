import type {
  CurrentRegulationDto,
  LogRegulationDto,
  OrganisationRegulationDto,
  RegulationDto,
} from '@rtb/shared';

const at = '2024-05-01 10:00:00';

export const page = <T>(elements: T[], total = elements.length) => ({
  elements,
  meta: { page: 1, perPage: 25, total, lastPage: Math.max(1, Math.ceil(total / 25)) },
});

export function makeRegulation(overrides: Partial<RegulationDto> = {}): RegulationDto {
  return {
    id: 7,
    createdAt: at,
    updatedAt: at,
    type: 'terms-of-service',
    version: 2,
    enabled: false,
    current: false,
    title: 'Terms of service',
    locales: ['en', 'pl'],
    acceptanceCount: 0,
    texts: [
      { locale: 'en', title: 'Terms of service', content: 'First paragraph.\n\nSecond paragraph.' },
      { locale: 'pl', title: 'Regulamin', content: 'Pierwszy akapit.' },
    ],
    ...overrides,
  };
}

export function makeCurrent(overrides: Partial<CurrentRegulationDto> = {}): CurrentRegulationDto {
  return {
    id: 7,
    type: 'terms-of-service',
    version: 2,
    locale: 'en',
    title: 'Terms of service',
    content: 'First paragraph.\n\nSecond paragraph.',
    updatedAt: at,
    ...overrides,
  };
}

export function makePending(overrides: Partial<OrganisationRegulationDto> = {}): OrganisationRegulationDto {
  return { ...makeCurrent(), accepted: false, acceptedAt: null, ...overrides };
}

export function makeAcceptance(overrides: Partial<LogRegulationDto> = {}): LogRegulationDto {
  return {
    id: 31,
    createdAt: at,
    regulation: { id: 7, type: 'terms-of-service', version: 2 },
    user: { id: 4, name: 'Dorota Sklepowa', email: 'advertiser@example.com' },
    agency: null,
    advertiser: { id: 1, name: 'Demo Shop' },
    ip: '203.0.113.9',
    ...overrides,
  };
}

export const localesReply = [
  200,
  {
    data: {
      locales: page([
        { id: 1, code: 'en', name: 'English', enabled: true, createdAt: at, updatedAt: at },
        { id: 2, code: 'pl', name: 'Polski', enabled: true, createdAt: at, updatedAt: at },
      ]),
    },
  },
] as const;
