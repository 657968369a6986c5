import type { AdvertiserDto, AgencyDto, BillingInformationDto, MeDto, OrganisationKind } from '@rtb/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** The organisation of each kind as its own users see it. */
export interface OwnOrganisations {
  agency: AgencyDto;
  advertiser: AdvertiserDto;
}

/** `GET|PUT /api/agency/agencies/me` and `/api/advertiser/advertisers/me`. */
export const ownOrganisationPath = (kind: OrganisationKind) =>
  kind === 'agency' ? '/agency/agencies/me' : '/advertiser/advertisers/me';
export const billingInformationPath = (kind: OrganisationKind) => `/${kind}/me/billing-info`;

export const ownOrganisationKeys = {
  all: (kind: OrganisationKind) => ['own-organisation', kind] as const,
  organisation: (kind: OrganisationKind) => ['own-organisation', kind, 'details'] as const,
  billing: (kind: OrganisationKind) => ['own-organisation', kind, 'billing'] as const,
};

/** `enabled: false` for a user who may not read it. */
export function useOwnOrganisation<K extends OrganisationKind>(kind: K, { enabled = true } = {}) {
  return useQuery({
    queryKey: ownOrganisationKeys.organisation(kind),
    queryFn: async () =>
      (await api.get<{ data: Record<K, OwnOrganisations[K]> }>(ownOrganisationPath(kind))).data[kind],
    retry: false,
    enabled,
  });
}

export function useBillingInformation(kind: OrganisationKind) {
  return useQuery({
    queryKey: ownOrganisationKeys.billing(kind),
    queryFn: async () =>
      (await api.get<{ data: { billingInformation: BillingInformationDto } }>(billingInformationPath(kind)))
        .data.billingInformation,
    retry: false,
  });
}

/** The profile with the organisation's new name, which the bottom bar shows. */
export function withOrganisationName(profile: MeDto, kind: OrganisationKind, name: string): MeDto {
  if (kind === 'agency' && profile.agencyUser)
    return {
      ...profile,
      agencyUser: { ...profile.agencyUser, agency: { ...profile.agencyUser.agency, name } },
    };
  if (kind === 'advertiser' && profile.advertiserUser)
    return {
      ...profile,
      advertiserUser: {
        ...profile.advertiserUser,
        advertiser: { ...profile.advertiserUser.advertiser, name },
      },
    };
  return profile;
}
