import type { AccountKind, OrganisationKind, OrganisationUserEntry, PageMeta, RoleDto } from '@rtb/shared';
import { useQuery } from '@tanstack/react-query';

import { api, type RequestOptions } from '../../lib/api-client';
import './texts';

/** What differs between agency users and advertiser users. */
export const kindOf = {
  agency: {
    listKey: 'agencyUsers',
    itemKey: 'agencyUser',
    organisationField: 'agencyId',
    resource: 'agency-users',
  },
  advertiser: {
    listKey: 'advertiserUsers',
    itemKey: 'advertiserUser',
    organisationField: 'advertiserId',
    resource: 'advertiser-users',
  },
} as const satisfies Record<OrganisationKind, object>;

/**
 * Where users of a kind are managed: the admin panel (every organisation's), the agency panel
 * (its own team, and its advertisers' users) and the advertiser panel (its own team).
 */
export interface UsersPlace {
  panel: AccountKind;
  kind: OrganisationKind;
}

/** The API path of the place's users: `/admin/agency-users`, `/agency/advertiser-users`... */
export const usersApi = (place: UsersPlace) => `/${place.panel}/${place.kind}-users`;

/** Whether the panel picks the users' organisation (else it is the signed-in user's own). */
export const picksOrganisation = (place: UsersPlace) => place.panel !== place.kind;

/** Whether the panel may log in as the users (admins as anyone, agencies as their advertisers'). */
export const logsInAs = (place: UsersPlace) =>
  place.panel === 'admin' || (place.panel === 'agency' && place.kind === 'advertiser');

/** The team list of an organisation's own users (`agency-users`, `advertiser-users`). */
const teamList = (place: UsersPlace) => `/panel/${place.panel}/${place.kind}-users`;

/**
 * The users' own pages (`.../single`, spec section 2); the agency panel has none for its own
 * team, which is edited in a side panel over its list.
 */
const singlePage = (place: UsersPlace) =>
  place.panel === 'agency' && place.kind === 'agency'
    ? null
    : `/panel/${place.panel}/${place.kind}-users/single`;

/** Whether the place's users are opened in a side panel over the team list. */
export const opensInSidePanel = (place: UsersPlace) => singlePage(place) === null;

/**
 * The page of a user (`{id}`), or of a new user of the organisation (`{organisationId}` where the
 * panel picks it, `'new'` in one's own organisation).
 */
export function userPath(
  place: UsersPlace,
  target: { id: number } | { organisationId: number } | 'new',
): string {
  const page = singlePage(place);
  if (!page) return `${teamList(place)}?user=${target !== 'new' && 'id' in target ? target.id : 'new'}`;
  if (target === 'new') return page;
  return 'id' in target
    ? `${page}?id=${target.id}`
    : `${page}?${kindOf[place.kind].organisationField}=${target.organisationId}`;
}

/** Where a user's page leads back to: their organisation's page, or the team list. */
export function organisationPath(place: UsersPlace, organisationId: number): string {
  if (place.panel === 'admin')
    return `/panel/admin/${place.kind === 'agency' ? 'agencies' : 'advertisers'}/single?id=${organisationId}`;
  if (picksOrganisation(place)) return `/panel/agency/advertisers/${organisationId}`;
  return teamList(place);
}

/** The organisation a user belongs to, whichever kind. */
export const organisationOf = (user: OrganisationUserEntry) =>
  'agency' in user ? user.agency : user.advertiser;

export const organisationUsersKeys = {
  all: (place: UsersPlace) => ['organisation-users', place.panel, place.kind] as const,
  list: (place: UsersPlace, params: RequestOptions['params']) =>
    ['organisation-users', place.panel, place.kind, 'list', params] as const,
  detail: (place: UsersPlace, id: number) =>
    ['organisation-users', place.panel, place.kind, 'detail', id] as const,
  roles: (place: UsersPlace) => ['organisation-users', place.panel, place.kind, 'roles'] as const,
};

type Page = { elements: OrganisationUserEntry[]; meta: PageMeta };

export function useOrganisationUsers(place: UsersPlace, params: RequestOptions['params']) {
  return useQuery({
    queryKey: organisationUsersKeys.list(place, params),
    queryFn: async () =>
      (await api.get<{ data: Record<string, Page> }>(usersApi(place), params)).data[
        kindOf[place.kind].listKey
      ] as Page,
    placeholderData: (previous) => previous,
  });
}

export function useOrganisationUser(place: UsersPlace, id: number | null) {
  return useQuery({
    queryKey: organisationUsersKeys.detail(place, id ?? 0),
    queryFn: async () => itemOf(place.kind, await api.get(`${usersApi(place)}/${id}`)),
    enabled: id !== null,
    retry: false,
  });
}

/** The user in an answer of the single-user endpoints. */
export const itemOf = (kind: OrganisationKind, response: unknown) =>
  (response as { data: Record<string, OrganisationUserEntry> }).data[
    kindOf[kind].itemKey
  ] as OrganisationUserEntry;

/** The roles a user of the place may have (those of the kind's category). */
export function useOrganisationRoles(place: UsersPlace) {
  return useQuery({
    queryKey: organisationUsersKeys.roles(place),
    queryFn: async () =>
      (await api.get<{ data: { roles: { elements: RoleDto[] } } }>(`${usersApi(place)}/roles`)).data.roles
        .elements,
    staleTime: 5 * 60_000,
  });
}

export const fullName = (user: Pick<OrganisationUserEntry, 'firstName' | 'lastName'>) =>
  `${user.firstName} ${user.lastName}`.trim();
