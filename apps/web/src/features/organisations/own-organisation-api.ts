import type { AdvertiserDto, AgencyDto, MeDto, OrganisationKind } from '@rtb/shared';
import { type BodyOf, contract } from '@rtb/shared/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** The organisation of each kind as its own users see it. */
export interface OwnOrganisations {
  agency: AgencyDto;
  advertiser: AdvertiserDto;
}

/** `GET /api/agency/agencies/me` and `/api/advertiser/advertisers/me`. */
const readOwn: { [K in OrganisationKind]: () => Promise<OwnOrganisations[K]> } = {
  agency: async () => (await api.call(contract.agencies.own)).data.agency,
  advertiser: async () => (await api.call(contract.advertisers.own)).data.advertiser,
};

/** `PUT /api/agency/agencies/me`: what the agency's own users may change. */
export const saveOwnAgency = async (body: BodyOf<typeof contract.agencies.updateOwn>) =>
  (await api.call(contract.agencies.updateOwn, { body })).data.agency;
/** `PUT /api/advertiser/advertisers/me`: what the advertiser's own users may change. */
export const saveOwnAdvertiser = async (body: BodyOf<typeof contract.advertisers.updateOwn>) =>
  (await api.call(contract.advertisers.updateOwn, { body })).data.advertiser;

export const ownOrganisationKeys = {
  all: (kind: OrganisationKind) => ['own-organisation', kind] as const,
  organisation: (kind: OrganisationKind) => ['own-organisation', kind, 'details'] as const,
  billing: (kind: OrganisationKind) => ['own-organisation', kind, 'billing'] as const,
};

/** `enabled: false` for a user who may not read it. */
export function useOwnOrganisation<K extends OrganisationKind>(kind: K, { enabled = true } = {}) {
  return useQuery({
    queryKey: ownOrganisationKeys.organisation(kind),
    queryFn: () => readOwn[kind](),
    retry: false,
    enabled,
  });
}

export function useBillingInformation(kind: OrganisationKind) {
  return useQuery({
    queryKey: ownOrganisationKeys.billing(kind),
    queryFn: async () =>
      (await api.call(contract.billingInformation.get, { path: { panel: kind } })).data.billingInformation,
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
