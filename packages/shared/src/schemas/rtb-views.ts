import { z } from 'zod';
import { type CommonStatus, commonStatuses } from '../enums';
import type { ServingReasonCode } from './campaigns';
import { envelope } from './common';

/** The five areas of the advertiser's integration status, in the spec's order (section 2). */
export const viewAreas = ['products', 'tags', 'banners', 'reports', 'campaigns'] as const;
export type ViewArea = (typeof viewAreas)[number];

/**
 * The areas' messages, by key: the API sends the key (`messageKey`, with the values in `params`)
 * beside the English text, and the web shows the text of the key (rtb-views:messages).
 */
export const rtbViewStatusMessages = {
  productsNoFeed: 'Set up your product feed: a feed URL or an uploaded file.',
  productsImporting: 'The product feed is being imported.',
  productsFeedUnreadable: 'The last feed import failed: the file is not a readable XML, CSV or TSV feed.',
  productsFetchFailed: 'The last feed import failed: the feed URL could not be reached.',
  productsHttpStatus: 'The last feed import failed: the feed URL answered with HTTP status {status}.',
  productsTooLarge: 'The last feed import failed: the feed is too large.',
  productsTimeout: 'The last feed import failed: the feed took too long to download.',
  productsEmpty: 'The last feed import failed: the feed has no valid products.',
  productsInterrupted: 'The last feed import failed: it was interrupted. Try again.',
  productsManyRejected: 'Rows rejected in the last feed import: {rejected} of {rows}.',
  productsStale: 'The product feed has not been imported for more than 48 hours.',
  productsActive: 'Products in the feed: {count}.',
  tagsNone: "No event from your tracking tag yet: install the tag on your shop's pages.",
  tagsSilent:
    "No event from your tracking tag in the last 7 days: check that the tag is on your shop's pages.",
  tagsReceiving: 'Tag events in the last 7 days: {events}.',
  tagsUnknownProducts:
    'Tag events of the last 7 days name products that are not in your feed: {events}. Use the same product ids in the tag and the feed.',
  bannersApproved: 'Approved banners: {approved}.',
  bannersNotApproved: 'No banner is approved yet. Waiting for review: {pending}. Rejected: {rejected}.',
  bannersAllRejected: 'All your banners were rejected ({rejected}). Fix them and send them for review again.',
  bannersNone: 'Upload your first banner.',
  reportsDelivering: 'Delivery data arrived in the last 24 hours.',
  reportsNoDelivery: 'No delivery data in the last 24 hours.',
  campaignsServing: 'At least one campaign is serving.',
  campaignsNone: 'Create your first campaign.',
  campaignsDraft: 'No campaign is serving: activate a campaign.',
  campaignsPaused: 'No campaign is serving: the campaign is paused.',
  campaignsArchived: 'No campaign is serving: the campaign is archived.',
  campaignsFinished: 'No campaign is serving: the campaign has finished.',
  campaignsScheduled: 'No campaign is serving yet: the campaign is scheduled to start later.',
  campaignsNoApprovedCreative: 'No campaign is serving: no approved creative.',
  campaignsAdvertiserNotVerified: 'No campaign is serving: the advertiser is not verified.',
  campaignsBillingIncomplete: 'No campaign is serving: billing data incomplete.',
  campaignsRegulationNotAccepted: 'No campaign is serving: regulation not accepted.',
  campaignsFundsExhausted: 'No campaign is serving: balance and credit exhausted.',
  campaignsTotalBudgetSpent: 'No campaign is serving: total budget spent.',
  campaignsDailyBudgetSpent: 'No campaign is serving: daily budget spent.',
  campaignsOutsideHours: "No campaign is serving: outside the campaign's hours.",
} as const;

export type ViewStatusKey = keyof typeof rtbViewStatusMessages;
export const viewStatusKeys = Object.keys(rtbViewStatusMessages) as [ViewStatusKey, ...ViewStatusKey[]];

/**
 * The state of one area (spec section 3, 'View status'): `message` is the spec's English text,
 * `messageKey` and `params` say which one it is and its values.
 */
export const viewStatus = z.object({
  commonStatus: z.enum(commonStatuses),
  message: z.string(),
  messageKey: z.enum(viewStatusKeys),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  requiresAction: z.boolean(),
});
export type ViewStatus = z.infer<typeof viewStatus>;

/** An area's state with its message: the key's text with `params` written in. */
export function viewStatusOf(
  commonStatus: ViewStatus['commonStatus'],
  messageKey: ViewStatusKey,
  requiresAction: boolean,
  params?: Record<string, string | number>,
): ViewStatus {
  const message = rtbViewStatusMessages[messageKey].replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    String(params?.[name] ?? placeholder),
  );
  return { commonStatus, message, messageKey, ...(params ? { params } : {}), requiresAction };
}

export const rtbViewStatus = z.object({
  products: viewStatus,
  tags: viewStatus,
  banners: viewStatus,
  reports: viewStatus,
  campaigns: viewStatus,
}) satisfies z.ZodType<Record<ViewArea, ViewStatus>>;
export type RtbViewStatus = z.infer<typeof rtbViewStatus>;

/** `GET /api/advertiser/rtb-views/status`. */
export const rtbViewStatusResponse = envelope({ rtbViewStatus });

/** Worst first: the overall status is the first of these that any area has (spec section 4). */
export const commonStatusSeverity: readonly CommonStatus[] = ['Error', 'Warning', 'Processing', 'Ok'];

export function overallStatus(status: RtbViewStatus): CommonStatus {
  const present = new Set(viewAreas.map((area) => status[area].commonStatus));
  return commonStatusSeverity.find((candidate) => present.has(candidate)) ?? 'Ok';
}

/** The campaigns area's message when no campaign serves, by the first campaign's first reason. */
export const campaignsNotServingKeys: Record<ServingReasonCode, ViewStatusKey> = {
  draft: 'campaignsDraft',
  paused: 'campaignsPaused',
  archived: 'campaignsArchived',
  finished: 'campaignsFinished',
  scheduled: 'campaignsScheduled',
  no_approved_creative: 'campaignsNoApprovedCreative',
  advertiser_not_verified: 'campaignsAdvertiserNotVerified',
  billing_incomplete: 'campaignsBillingIncomplete',
  regulation_not_accepted: 'campaignsRegulationNotAccepted',
  funds_exhausted: 'campaignsFundsExhausted',
  total_budget_spent: 'campaignsTotalBudgetSpent',
  daily_budget_spent: 'campaignsDailyBudgetSpent',
  outside_hours: 'campaignsOutsideHours',
};
