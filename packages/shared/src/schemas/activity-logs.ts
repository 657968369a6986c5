import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants';
import { accountKinds, activityEvents } from '../enums';
import { activityLogMessages, INVALID_CURSOR_MESSAGE } from './activity-logs-messages';
import { apiDateTime, dateRange, endNotBeforeStart, envelope } from './common';
import { currencyRef, organisationRef } from './organisations';

/**
 * What an activity-log row can be about (its `entity_type`): the API writes no other, and the
 * web app has words for each.
 */
export const activityEntityTypes = [
  'admin_user',
  'agency',
  'agency_user',
  'advertiser',
  'advertiser_user',
  'impersonation',
  'role',
  'regulation',
  'log_regulation',
  'country',
  'currency',
  'currency_rate',
  'locale',
  'config_value',
  'email_template',
  'queued_email',
  'faq',
  'form_contact',
  'comment',
  'file_upload',
  'top_up_request',
  'online_payment',
  'ledger_transaction',
  'invoice',
  'banner',
  'campaign',
  'product_feed',
  'audience',
  'conversion_settings',
  'conversion',
  'generated_report',
] as const;
export type ActivityEntityType = (typeof activityEntityTypes)[number];

/** The bounded count of an activity-log list: at most this many matching rows are counted. */
export const ACTIVITY_LOG_COUNT_LIMIT = 10_000;

const positiveId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** The paging and the filters every activity log offers. */
const activityLogQueryFields = {
  perPage: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  /** Opaque (base64url): where the previous page ended. */
  cursor: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, INVALID_CURSOR_MESSAGE)
    .optional(),
  actorAccountId: positiveId.optional(),
  entityType: z.enum(activityEntityTypes, { message: activityLogMessages.unknownEntityType }).optional(),
  entityId: z.string().trim().min(1).max(100).optional(),
  event: z.enum(activityEvents).optional(),
  ...dateRange,
};

function refineActivityLogQuery(
  query: { from?: string; to?: string; entityId?: string; entityType?: string },
  ctx: z.RefinementCtx,
): void {
  endNotBeforeStart(query, ctx);
  if (query.entityId && !query.entityType)
    ctx.addIssue({ code: 'custom', path: ['entityType'], message: activityLogMessages.entityTypeRequired });
}

/**
 * `GET /api/admin/activity-logs`: newest first, keyset paging. The first page is asked for
 * without a `cursor`; every next page with the `meta.nextCursor` of the page before. Filters
 * narrow the list; `from` and `to` are UTC days, both included.
 */
export const activityLogsQuery = z
  .object({ ...activityLogQueryFields, agencyId: positiveId.optional(), advertiserId: positiveId.optional() })
  .superRefine(refineActivityLogQuery);
export type ActivityLogsQuery = z.infer<typeof activityLogsQuery>;

/**
 * `GET /api/{agency|advertiser}/activity-logs`: the same list, of the signed-in user's
 * organisation only. The organisation is not a filter: the server fixes it.
 */
export const organisationActivityLogsQuery = z
  .object(activityLogQueryFields)
  .superRefine(refineActivityLogQuery);
export type OrganisationActivityLogsQuery = z.infer<typeof organisationActivityLogsQuery>;

/**
 * `GET /api/advertiser/campaigns/:id/history`: one campaign's changes, newest first (keyset
 * paging as the log's), for anyone who may read the advertiser's campaigns.
 */
export const entityHistoryQuery = z.object({
  perPage: activityLogQueryFields.perPage,
  cursor: activityLogQueryFields.cursor,
});
export type EntityHistoryQuery = z.infer<typeof entityHistoryQuery>;

const accountRef = z.object({
  /** The account id (what `actorAccountId` filters on). */
  id: z.number().int(),
  login: z.string(),
  /** First and last name of the account's profile; the login when it has none. */
  name: z.string(),
});

export const activityLogDto = z.object({
  id: z.number().int(),
  createdAt: apiDateTime,
  requestId: z.string().nullable(),
  event: z.enum(activityEvents),
  entityType: z.string(),
  entityId: z.string(),
  /** The entity's name when the change was made (null when it has none, or none was kept). */
  entityName: z.string().nullable(),
  /** Creates and deletes carry the whole row on one side; updates only the changed fields. */
  changes: z.object({
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
  }),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** Whose account the change was made with (during "log in as": the impersonated user's). */
  actor: accountRef.extend({ kind: z.enum(accountKinds) }).nullable(),
  /** The admin (or agency user) acting through "log in as", when there was one. */
  impersonator: accountRef.extend({ kind: z.enum(accountKinds) }).nullable(),
  agency: organisationRef.nullable(),
  advertiser: organisationRef.nullable(),
  /** What the money fields of `changes` (minor units) are in: the advertiser's, else the agency's. */
  currency: currencyRef.nullable(),
});
export type ActivityLogDto = z.infer<typeof activityLogDto>;

/**
 * The standard list keys, read for keyset paging: `page` counts the pages followed along the
 * cursor chain (1 without a cursor); `total` counts matching rows up to
 * `ACTIVITY_LOG_COUNT_LIMIT` and `totalIsEstimate` says it stopped there (so `total` and
 * `lastPage` are lower bounds); `nextCursor` asks for the next page, null on the last one.
 */
export const activityLogsMeta = z.object({
  page: z.number().int(),
  perPage: z.number().int(),
  total: z.number().int(),
  lastPage: z.number().int(),
  totalIsEstimate: z.boolean(),
  nextCursor: z.string().nullable(),
});
export type ActivityLogsMeta = z.infer<typeof activityLogsMeta>;

export const activityLogsResponse = envelope({
  activityLogs: z.object({ elements: z.array(activityLogDto), meta: activityLogsMeta }),
});
export type ActivityLogsResponse = z.infer<typeof activityLogsResponse>;

export const activityLogResponse = envelope({ activityLog: activityLogDto });
export type ActivityLogResponse = z.infer<typeof activityLogResponse>;

/** Someone whose changes an organisation's log can be filtered by (`actorAccountId`). */
export const activityLogUserDto = accountRef.extend({
  /** The organisation the user belongs to: the agency itself or one of its advertisers. */
  organisation: organisationRef,
});
export type ActivityLogUserDto = z.infer<typeof activityLogUserDto>;

/**
 * `GET /api/admin/activity-logs/users`: the accounts an admin may filter the log by, found by
 * login or name (`search`), or the one chosen (`accountId`); at most 20.
 */
export const adminActivityLogUsersQuery = z.object({
  search: z.string().trim().max(100).optional(),
  accountId: positiveId.optional(),
});
export type AdminActivityLogUsersQuery = z.infer<typeof adminActivityLogUsersQuery>;

/** Someone whose changes the platform's log can be filtered by: an admin has no organisation. */
export const adminActivityLogUserDto = accountRef.extend({ organisation: organisationRef.nullable() });

export const adminActivityLogUsersResponse = envelope({
  users: z.object({ elements: z.array(adminActivityLogUserDto) }),
});
export type AdminActivityLogUsersResponse = z.infer<typeof adminActivityLogUsersResponse>;

/** `GET /api/{agency|advertiser}/activity-logs/users`: the organisation's users, by name. */
export const activityLogUsersResponse = envelope({
  users: z.object({ elements: z.array(activityLogUserDto) }),
});
export type ActivityLogUsersResponse = z.infer<typeof activityLogUsersResponse>;
