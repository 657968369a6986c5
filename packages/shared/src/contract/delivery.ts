import { campaignLiftQuery, campaignLiftResponse } from '../schemas/campaign-lift';
import {
  conversionResponse,
  conversionSettingsBody,
  conversionSettingsResponse,
  conversionsQuery,
  conversionsResponse,
  postbackSettingsResponse,
} from '../schemas/conversions';
import { campaignForecastBody, campaignForecastResponse } from '../schemas/forecast';
import {
  predictionModelResponse,
  predictionModelsQuery,
  predictionModelsResponse,
} from '../schemas/prediction-models';
import { rtbViewStatusResponse } from '../schemas/rtb-views';
import {
  tagEventSummaryResponse,
  tagEventsQuery,
  tagEventsResponse,
  tagSettingsResponse,
} from '../schemas/tag-events';
import { route } from './route';

/** The advertiser's tag, its events and conversions (`delivery/tags`); the live events are a stream, opened by path. */
export const tags = {
  settings: route('GET', '/advertiser/tag', { response: tagSettingsResponse }),
  events: route('GET', '/advertiser/tag/events', { query: tagEventsQuery, response: tagEventsResponse }),
  eventSummary: route('GET', '/advertiser/tag/events/summary', { response: tagEventSummaryResponse }),
  conversionSettings: route('GET', '/advertiser/tag/conversion-settings', {
    response: conversionSettingsResponse,
  }),
  saveConversionSettings: route('PUT', '/advertiser/tag/conversion-settings', {
    body: conversionSettingsBody,
    response: conversionSettingsResponse,
  }),
  postback: route('GET', '/advertiser/tag/postback', { response: postbackSettingsResponse }),
  rotatePostbackSecret: route('POST', '/advertiser/tag/postback/secret', {
    response: postbackSettingsResponse,
  }),
  conversions: route('GET', '/advertiser/tag/conversions', {
    query: conversionsQuery,
    response: conversionsResponse,
  }),
  confirmConversion: route('POST', '/advertiser/tag/conversions/:id/confirm', {
    response: conversionResponse,
  }),
};

/** The state of the advertiser's integration areas (`delivery/rtb-views`). */
export const rtbViews = {
  status: route('GET', '/advertiser/rtb-views/status', { response: rtbViewStatusResponse }),
};

/** A campaign's traffic per day from the sampled bid requests (`delivery/forecast`, decision 0019). */
export const forecasts = {
  campaign: route('POST', '/advertiser/campaigns/forecast', {
    body: campaignForecastBody,
    response: campaignForecastResponse,
  }),
};

/** The click and conversion models' versions and their quality, for the admins (`delivery/prediction-models`). */
export const predictionModels = {
  list: route('GET', '/admin/prediction-models', {
    query: predictionModelsQuery,
    response: predictionModelsResponse,
  }),
  get: route('GET', '/admin/prediction-models/:kind/:version', { response: predictionModelResponse }),
};

/** A campaign's lift test: its exposed and held-out users, what they bought, and the estimate (`delivery/lift`). */
export const lift = {
  campaign: route('GET', '/advertiser/campaigns/:id/lift', {
    query: campaignLiftQuery,
    response: campaignLiftResponse,
  }),
};
