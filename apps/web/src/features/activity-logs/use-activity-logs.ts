import type { AccountKind, ActivityLogDto, OrganisationKind } from '@rtb/shared';
import { contract } from '@rtb/shared/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** The filters the page keeps in the URL and sends as they are (the API validates them). */
export const activityLogFilterKeys = [
  'event',
  'entityType',
  'entityId',
  'from',
  'to',
  'agencyId',
  'advertiserId',
  'actorAccountId',
] as const;
export type ActivityLogFilterKey = (typeof activityLogFilterKeys)[number];
export type ActivityLogFilters = Partial<Record<ActivityLogFilterKey, string>>;

export const ACTIVITY_LOGS_PAGE_SIZE = 25;

/** A log's API path: the admin's (every organisation's) or an organisation's own. */
export type ActivityLogsPath = `/${AccountKind}/activity-logs`;
/** Where an organisation's users to filter its log by are. */
export type ActivityLogUsersPath = `/${OrganisationKind}/activity-logs/users`;

const panelOfLog: Record<ActivityLogsPath, AccountKind> = {
  '/admin/activity-logs': 'admin',
  '/agency/activity-logs': 'agency',
  '/advertiser/activity-logs': 'advertiser',
};
const organisationOfUsers: Record<ActivityLogUsersPath, OrganisationKind> = {
  '/agency/activity-logs/users': 'agency',
  '/advertiser/activity-logs/users': 'advertiser',
};

/** Keyset pages of `apiPath`: each next page asks with the cursor the previous one gave. */
export function useActivityLogs(apiPath: ActivityLogsPath, filters: ActivityLogFilters) {
  return useInfiniteQuery({
    queryKey: ['activity-logs', apiPath, filters],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) => {
      // The filters go as typed: the API checks them, and the page shows its field errors.
      const query: Record<string, string | number | undefined> = {
        ...filters,
        perPage: ACTIVITY_LOGS_PAGE_SIZE,
        cursor: pageParam ?? undefined,
      };
      const panel = panelOfLog[apiPath];
      return (
        panel === 'admin'
          ? await api.call(contract.activityLogs.list, { query, signal })
          : await api.call(contract.activityLogs.ofOrganisation, { path: { panel }, query, signal })
      ).data.activityLogs;
    },
    getNextPageParam: (last) => last.meta.nextCursor,
  });
}

/** One entry with its full before and after; the row from the list shows meanwhile. */
export function useActivityLog(apiPath: ActivityLogsPath, entry: ActivityLogDto) {
  return useQuery({
    queryKey: ['activity-log', apiPath, entry.id],
    queryFn: async ({ signal }) =>
      (
        await api.call(contract.activityLogs.one, {
          path: { panel: panelOfLog[apiPath], id: entry.id },
          signal,
        })
      ).data.activityLog,
    placeholderData: entry,
  });
}

/** The users an organisation's log can be filtered by (none asked for without a path: admins type an id). */
export function useActivityLogUsers(path: ActivityLogUsersPath | undefined) {
  return useQuery({
    queryKey: ['activity-log-users', path],
    queryFn: async ({ signal }) =>
      path === undefined
        ? []
        : (
            await api.call(contract.activityLogs.users, {
              path: { panel: organisationOfUsers[path] },
              signal,
            })
          ).data.users.elements,
    enabled: path !== undefined,
    staleTime: 60_000,
  });
}
