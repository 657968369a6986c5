import type { AudienceDto } from '@rtb/shared';

const at = '2026-03-01 10:00:00';

export const makeAudience = (overrides: Partial<AudienceDto> = {}): AudienceDto => ({
  id: 7,
  name: 'Abandoned carts',
  rule: 'cart_abandoners',
  productType: null,
  lookbackDays: 30,
  estimatedSize: 12_345,
  campaignCount: 2,
  createdAt: at,
  updatedAt: at,
  ...overrides,
});

/** The list answer of `GET /advertiser/audiences`. */
export const audiencesReply = (audiences: AudienceDto[]) =>
  [
    200,
    {
      data: {
        audiences: {
          elements: audiences,
          meta: { page: 1, perPage: 25, total: audiences.length, lastPage: 1 },
        },
      },
    },
  ] as const;
