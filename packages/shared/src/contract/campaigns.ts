import { activityLogsResponse, entityHistoryQuery } from '../schemas/activity-logs';
import { audienceBody, audienceEnvelope, audiencesEnvelope, audiencesQuery } from '../schemas/audiences';
import {
  adminBannersQuery,
  bannerResponse,
  bannerReviewBody,
  bannerReviewQueueQuery,
  bannerReviewQueueResponse,
  bannerRulesResponse,
  bannerStatusBody,
  bannersQuery,
  bannersResponse,
  bannerUpdateBody,
} from '../schemas/banners';
import { campaignBulkEditBody, campaignBulkEditResponse } from '../schemas/campaign-bulk-edit';
import {
  adminCampaignStatusBody,
  adminCampaignsQuery,
  campaignBody,
  campaignBulkResponse,
  campaignBulkStatusBody,
  campaignResponse,
  campaignSettingsResponse,
  campaignStatusBody,
  campaignsQuery,
  campaignsResponse,
} from '../schemas/campaigns';
import { statusBody } from '../schemas/common';
import { dynamicTemplateSchema } from '../schemas/dynamic-banners';
import { route } from './route';

/** Campaigns: the advertiser's, and the admin's view of one advertiser's (`campaigns/campaigns`). */
export const campaigns = {
  list: route('GET', '/advertiser/campaigns', { query: campaignsQuery, response: campaignsResponse }),
  one: route('GET', '/advertiser/campaigns/:id', { response: campaignResponse }),
  settings: route('GET', '/advertiser/campaigns/settings', { response: campaignSettingsResponse }),
  create: route('POST', '/advertiser/campaigns', { body: campaignBody, response: campaignResponse }),
  update: route('PUT', '/advertiser/campaigns/:id', { body: campaignBody, response: campaignResponse }),
  setStatus: route('PUT', '/advertiser/campaigns/:id/status', {
    body: campaignStatusBody,
    response: campaignResponse,
  }),
  bulkStatus: route('POST', '/advertiser/campaigns/bulk-status', {
    body: campaignBulkStatusBody,
    response: campaignBulkResponse,
  }),
  /** What a change to many campaigns would do, each campaign's before and after and errors; writes nothing. */
  bulkEditPreview: route('POST', '/advertiser/campaigns/bulk-edit/preview', {
    body: campaignBulkEditBody,
    response: campaignBulkEditResponse,
  }),
  /** Makes the change to every campaign in one transaction, or (422) to none (Idempotency-Key required). */
  bulkEdit: route('POST', '/advertiser/campaigns/bulk-edit', {
    body: campaignBulkEditBody,
    response: campaignBulkEditResponse,
  }),
  duplicate: route('POST', '/advertiser/campaigns/:id/duplicate', { response: campaignResponse }),
  /** One campaign's changes from the activity log, for whoever may read the campaigns. */
  history: route('GET', '/advertiser/campaigns/:id/history', {
    query: entityHistoryQuery,
    response: activityLogsResponse,
  }),
  adminList: route('GET', '/admin/campaigns', { query: adminCampaignsQuery, response: campaignsResponse }),
  adminSetStatus: route('PUT', '/admin/campaigns/:id/status', {
    body: adminCampaignStatusBody,
    response: campaignResponse,
  }),
};

/** The advertiser's creatives (`campaigns/banners`). */
export const banners = {
  list: route('GET', '/advertiser/banners', { query: bannersQuery, response: bannersResponse }),
  rules: route('GET', '/advertiser/banners/rules', { response: bannerRulesResponse }),
  one: route('GET', '/advertiser/banners/:id', { response: bannerResponse }),
  /** A file and its landing page (and name). */
  upload: route('POST', '/advertiser/banners', { body: 'multipart', response: bannerResponse }),
  /** A dynamic banner's fields and its logo. */
  createDynamic: route('POST', '/advertiser/banners/dynamic', {
    body: 'multipart',
    response: bannerResponse,
  }),
  update: route('PUT', '/advertiser/banners/:id', { body: bannerUpdateBody, response: bannerResponse }),
  updateTemplate: route('PUT', '/advertiser/banners/:id/template', {
    body: dynamicTemplateSchema,
    response: bannerResponse,
  }),
  setStatus: route('PUT', '/advertiser/banners/:id/status', {
    body: bannerStatusBody,
    response: bannerResponse,
  }),
  replaceFile: route('POST', '/advertiser/banners/:id/file', { body: 'multipart', response: bannerResponse }),
};

/** The admin's review of creatives (`campaigns/banner-reviews`, `campaigns/banners`). */
export const bannerReviews = {
  queue: route('GET', '/admin/banners/review', {
    query: bannerReviewQueueQuery,
    response: bannerReviewQueueResponse,
  }),
  list: route('GET', '/admin/banners', { query: adminBannersQuery, response: bannersResponse }),
  one: route('GET', '/admin/banners/:id', { response: bannerResponse }),
  review: route('PUT', '/admin/banners/:id/review', { body: bannerReviewBody, response: bannerResponse }),
};

/** The advertiser's audiences (`campaigns/audiences`). */
export const audiences = {
  list: route('GET', '/advertiser/audiences', { query: audiencesQuery, response: audiencesEnvelope }),
  create: route('POST', '/advertiser/audiences', { body: audienceBody, response: audienceEnvelope }),
  update: route('PUT', '/advertiser/audiences/:id', { body: audienceBody, response: audienceEnvelope }),
  remove: route('DELETE', '/advertiser/audiences/:id', { response: statusBody }),
};
