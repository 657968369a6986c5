import {
  type AccountKind,
  type AdminUserEntry,
  type AdvertiserUserEntry,
  type AgencyUserEntry,
  type adminUserResponse,
  adminUserSortFields,
  type adminUsersResponse,
  type advertiserUserResponse,
  type advertiserUsersResponse,
  type agencyUserResponse,
  type agencyUsersResponse,
  type OrganisationKind,
  organisationUserSortFields,
  type PageMeta,
} from '@rtb/shared';
import { contract } from '@rtb/shared/contract';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type RequestOptions } from '../../lib/api-client';

/**
 * Where users of a kind are managed: the admin panel (its admin users, and every organisation's
 * agency and advertiser users), the agency panel (its own team, and its advertisers' users) and
 * the advertiser panel (its own team).
 */
export interface UsersPlace {
  panel: AccountKind;
  kind: AccountKind;
}

/** A place of agency or advertiser users, who belong to an organisation. */
export type OrganisationUsersPlace = UsersPlace & { kind: OrganisationKind };

/** A place whose users may be logged in as: agency and advertiser users, from the admin or the agency panel. */
export interface LogInAsPlace {
  panel: 'admin' | 'agency';
  kind: OrganisationKind;
}

/** What differs between the kinds of user: their permission, organisation field, list sorts and types. */
export const kindOf = {
  admin: { resource: 'admin-users', organisationField: null, sortFields: adminUserSortFields, typed: false },
  agency: {
    resource: 'agency-users',
    organisationField: 'agencyId',
    sortFields: organisationUserSortFields,
    typed: true,
  },
  advertiser: {
    resource: 'advertiser-users',
    organisationField: 'advertiserId',
    sortFields: organisationUserSortFields,
    typed: true,
  },
} as const satisfies Record<AccountKind, object>;

interface Entries {
  admin: AdminUserEntry;
  agency: AgencyUserEntry;
  advertiser: AdvertiserUserEntry;
}
export type UserEntry = Entries[AccountKind];
export interface UsersPage<K extends AccountKind = AccountKind> {
  elements: Entries[K][];
  meta: PageMeta;
}

/** The API's answers of each kind (the contract in packages/shared). */
interface Answers {
  admin: { page: z.infer<typeof adminUsersResponse>; user: z.infer<typeof adminUserResponse> };
  agency: { page: z.infer<typeof agencyUsersResponse>; user: z.infer<typeof agencyUserResponse> };
  advertiser: { page: z.infer<typeof advertiserUsersResponse>; user: z.infer<typeof advertiserUserResponse> };
}

/** Where the users are in the answers of each kind. */
const usersIn: {
  [K in AccountKind]: {
    page: (answer: Answers[K]['page']) => UsersPage<K>;
    user: (answer: Answers[K]['user']) => Entries[K];
  };
} = {
  admin: { page: (answer) => answer.data.adminUsers, user: (answer) => answer.data.adminUser },
  agency: { page: (answer) => answer.data.agencyUsers, user: (answer) => answer.data.agencyUser },
  advertiser: { page: (answer) => answer.data.advertiserUsers, user: (answer) => answer.data.advertiserUser },
};

/** The users of a list call's answer. */
const pageOf = async <K extends AccountKind>(kind: K, answer: Promise<Answers[K]['page']>) =>
  usersIn[kind].page(await answer);

/** The user of a single-user call's answer (one user, an invitation, an edit, enable or disable). */
export const userOf = async <K extends AccountKind>(kind: K, answer: Promise<Answers[K]['user']>) =>
  usersIn[kind].user(await answer);

/** Whether the panel picks the users' organisation (else they are the panel's own users). */
export const picksOrganisation = (place: UsersPlace) => place.panel !== place.kind;

/**
 * The contract's routes of each kind of user (`contract.adminUsers`...), under the same names and
 * each at `/:panel/...`: a call picks its kind's route and passes the place's panel.
 */
export const routesOf = {
  admin: contract.adminUsers,
  agency: contract.agencyUsers,
  advertiser: contract.advertiserUsers,
};

/** The routes listing and inviting the place's users: where the panel picks their organisation, else its team's. */
export const listRoutesOf = (place: UsersPlace) =>
  place.kind !== 'admin' && picksOrganisation(place)
    ? { list: routesOf[place.kind].list, invite: routesOf[place.kind].invite }
    : { list: routesOf[place.kind].team, invite: routesOf[place.kind].inviteToTeam };

/** The path parameters of a call about one of the place's users. */
export const userAt = (place: UsersPlace, id: number) => ({ panel: place.panel, id });

/**
 * Whether the panel may log in as the users: admins as any agency or advertiser user, agencies as
 * their advertisers' users; nobody as an admin user.
 */
export const logsInAs = (place: UsersPlace): place is LogInAsPlace =>
  place.kind !== 'admin' &&
  (place.panel === 'admin' || (place.panel === 'agency' && place.kind === 'advertiser'));

/**
 * The panel path of the place's users: the admin users' list (`/panel/admin/admins`), a team's
 * list (`/panel/agency/agency-users`, `/panel/advertiser/advertiser-users`), or where the pages of
 * an organisation's users are (`/panel/admin/agency-users`...).
 */
const usersPath = (place: UsersPlace) =>
  place.kind === 'admin' ? '/panel/admin/admins' : `/panel/${place.panel}/${place.kind}-users`;

/**
 * The users' own pages (`.../single`, spec section 2); the agency panel has none for its own
 * team, which is edited in a side panel over its list.
 */
const singlePage = (place: UsersPlace) =>
  place.panel === 'agency' && place.kind === 'agency' ? null : `${usersPath(place)}/single`;

/** Whether the place's users are opened in a side panel over the team list. */
export const opensInSidePanel = (place: UsersPlace) => singlePage(place) === null;

/**
 * The page of a user (`{id}`), or of a new user of the organisation (`{organisationId}` where the
 * panel picks it, `'new'` for the panel's own users).
 */
export function userPath(
  place: UsersPlace,
  target: { id: number } | { organisationId: number } | 'new',
): string {
  const page = singlePage(place);
  if (!page) return `${usersPath(place)}?user=${target !== 'new' && 'id' in target ? target.id : 'new'}`;
  if (target === 'new') return page;
  return 'id' in target
    ? `${page}?id=${target.id}`
    : `${page}?${kindOf[place.kind].organisationField}=${target.organisationId}`;
}

/**
 * Where a user's page leads back to: the list of the panel's own users, or the page of the user's
 * organisation (known once the user is).
 */
export function backPath(place: UsersPlace, organisationId?: number): string | null {
  if (!picksOrganisation(place)) return usersPath(place);
  if (organisationId === undefined) return null;
  if (place.panel === 'admin')
    return `/panel/admin/${place.kind === 'agency' ? 'agencies' : 'advertisers'}/single?id=${organisationId}`;
  return `/panel/agency/advertisers/${organisationId}`;
}

/** The organisation an agency or advertiser user belongs to; none for an admin user. */
export const organisationOf = (user: UserEntry) =>
  'agency' in user ? user.agency : 'advertiser' in user ? user.advertiser : null;

export const usersKeys = {
  all: (place: UsersPlace) => ['users', place.panel, place.kind] as const,
  list: (place: UsersPlace, params: RequestOptions['params']) =>
    ['users', place.panel, place.kind, 'list', params] as const,
  detail: (place: UsersPlace, id: number) => ['users', place.panel, place.kind, 'detail', id] as const,
  /** Every roles query starts with 'roles' (features/roles refreshes them all). */
  roles: (place: UsersPlace) => ['roles', place.panel, place.kind] as const,
};

export function useUsers(place: UsersPlace, params: RequestOptions['params']) {
  return useQuery({
    queryKey: usersKeys.list(place, params),
    queryFn: () =>
      pageOf(place.kind, api.call(listRoutesOf(place).list, { path: { panel: place.panel }, query: params })),
    placeholderData: (previous) => previous,
  });
}

export function useUser(place: UsersPlace, id: number | null) {
  return useQuery({
    queryKey: usersKeys.detail(place, id ?? 0),
    queryFn: () => userOf(place.kind, api.call(routesOf[place.kind].one, { path: userAt(place, id ?? 0) })),
    enabled: id !== null,
    retry: false,
  });
}

/**
 * The roles a user of the place may have (those of the kind's category): an admin user's are the
 * admin panel's own (`/admin/roles`), the others' are under their users (`.../roles`).
 */
export function useRoles(place: UsersPlace) {
  return useQuery({
    queryKey: usersKeys.roles(place),
    queryFn: async () =>
      (place.kind === 'admin'
        ? await api.call(contract.roles.list, { query: { category: 'admin' } })
        : await api.call(routesOf[place.kind].roles, { path: { panel: place.panel } })
      ).data.roles.elements,
    staleTime: 5 * 60_000,
  });
}

export const fullName = (user: Pick<UserEntry, 'firstName' | 'lastName'>) =>
  `${user.firstName} ${user.lastName}`.trim();
