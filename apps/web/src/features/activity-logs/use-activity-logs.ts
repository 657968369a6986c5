import type {
  ActivityLogDto,
  ActivityLogResponse,
  ActivityLogsResponse,
  ActivityLogUsersResponse,
} from '@rtb/shared';
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

/** Keyset pages of `apiPath`: each next page asks with the cursor the previous one gave. */
export function useActivityLogs(apiPath: string, filters: ActivityLogFilters) {
  return useInfiniteQuery({
    queryKey: ['activity-logs', apiPath, filters],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) =>
      (
        await api.request<ActivityLogsResponse>('GET', apiPath, {
          params: { ...filters, perPage: ACTIVITY_LOGS_PAGE_SIZE, cursor: pageParam },
          signal,
        })
      ).data.activityLogs,
    getNextPageParam: (last) => last.meta.nextCursor,
  });
}

/** One entry with its full before and after; the row from the list shows meanwhile. */
export function useActivityLog(apiPath: string, entry: ActivityLogDto) {
  return useQuery({
    queryKey: ['activity-log', apiPath, entry.id],
    queryFn: async ({ signal }) =>
      (await api.request<ActivityLogResponse>('GET', `${apiPath}/${entry.id}`, { signal })).data.activityLog,
    placeholderData: entry,
  });
}

/** The users an organisation's log can be filtered by (none asked for without a path: admins type an id). */
export function useActivityLogUsers(path: string | undefined) {
  return useQuery({
    queryKey: ['activity-log-users', path],
    queryFn: async ({ signal }) =>
      (await api.request<ActivityLogUsersResponse>('GET', path as string, { signal })).data.users.elements,
    enabled: path !== undefined,
    staleTime: 60_000,
  });
}
