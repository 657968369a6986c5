import {
  type OrganisationKind,
  type OrganisationUserEntry,
  organisationUserMessages,
  type PageMeta,
  type RoleDto,
} from '@rtb/shared';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { describeFailure } from '../../account/form-messages';
import { type ApiError, api, type RequestOptions } from '../../lib/api-client';

/** What differs between agency users and advertiser users in the admin panel. */
export const kindOf = {
  agency: {
    users: '/admin/agency-users',
    listKey: 'agencyUsers',
    itemKey: 'agencyUser',
    organisationField: 'agencyId',
    resource: 'agency-users',
    page: '/panel/admin/agency-users/single',
    organisationPage: '/panel/admin/agencies/single',
  },
  advertiser: {
    users: '/admin/advertiser-users',
    listKey: 'advertiserUsers',
    itemKey: 'advertiserUser',
    organisationField: 'advertiserId',
    resource: 'advertiser-users',
    page: '/panel/admin/advertiser-users/single',
    organisationPage: '/panel/admin/advertisers/single',
  },
} as const satisfies Record<OrganisationKind, object>;

/** The single page of a user (`?id=N`), or of a new user of the organisation (`?agencyId=N`). */
export const userPath = (kind: OrganisationKind, target: { id: number } | { organisationId: number }) =>
  'id' in target
    ? `${kindOf[kind].page}?id=${target.id}`
    : `${kindOf[kind].page}?${kindOf[kind].organisationField}=${target.organisationId}`;

export const organisationPath = (kind: OrganisationKind, organisationId: number) =>
  `${kindOf[kind].organisationPage}?id=${organisationId}`;

/** The organisation a user belongs to, whichever kind. */
export const organisationOf = (user: OrganisationUserEntry) =>
  'agency' in user ? user.agency : user.advertiser;

export const organisationUsersKeys = {
  all: (kind: OrganisationKind) => ['organisation-users', kind] as const,
  list: (kind: OrganisationKind, params: RequestOptions['params']) =>
    ['organisation-users', kind, 'list', params] as const,
  detail: (kind: OrganisationKind, id: number) => ['organisation-users', kind, 'detail', id] as const,
  roles: (kind: OrganisationKind) => ['roles', kind] as const,
};

type Page = { elements: OrganisationUserEntry[]; meta: PageMeta };

export function useOrganisationUsers(kind: OrganisationKind, params: RequestOptions['params']) {
  return useQuery({
    queryKey: organisationUsersKeys.list(kind, params),
    queryFn: async () =>
      (await api.get<{ data: Record<string, Page> }>(kindOf[kind].users, params)).data[
        kindOf[kind].listKey
      ] as Page,
    placeholderData: (previous) => previous,
  });
}

export function useOrganisationUser(kind: OrganisationKind, id: number | null) {
  return useQuery({
    queryKey: organisationUsersKeys.detail(kind, id ?? 0),
    queryFn: async () => itemOf(kind, await api.get(`${kindOf[kind].users}/${id}`)),
    enabled: id !== null,
    retry: false,
  });
}

/** The user in an answer of the single-user endpoints. */
export const itemOf = (kind: OrganisationKind, response: unknown) =>
  (response as { data: Record<string, OrganisationUserEntry> }).data[
    kindOf[kind].itemKey
  ] as OrganisationUserEntry;

/** The roles an organisation user of the kind may have. */
export function useOrganisationRoles(kind: OrganisationKind) {
  return useQuery({
    queryKey: organisationUsersKeys.roles(kind),
    queryFn: async () =>
      (await api.get<{ data: { roles: { elements: RoleDto[] } } }>('/admin/roles', { category: kind })).data
        .roles.elements,
    staleTime: 5 * 60_000,
  });
}

const ownTexts = new Map<string, string>(
  Object.entries(organisationUserMessages).map(([key, text]) => [text, `organisation-users:messages.${key}`]),
);

/** A text of the agency-users and advertiser-users endpoints in the interface language, else null. */
export function translateOrganisationUserMessage(t: TFunction, message: string): string | null {
  const key = ownTexts.get(message);
  return key ? t(key) : null;
}

/** The message of a failed action, for a toast or an error state. */
export function failureText(t: TFunction, error: ApiError): string {
  return (
    translateOrganisationUserMessage(t, error.message) ??
    describeFailure(t, error) ??
    Object.values(error.validationErrors)
      .flat()
      .map((message) => translateOrganisationUserMessage(t, message) ?? message)
      .join(', ')
  );
}

export const fullName = (user: Pick<OrganisationUserEntry, 'firstName' | 'lastName'>) =>
  `${user.firstName} ${user.lastName}`.trim();
