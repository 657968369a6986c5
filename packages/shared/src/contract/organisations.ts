import {
  advertiserBody,
  advertiserResponse,
  advertiserStatusResponse,
  advertisersQuery,
  advertisersResponse,
  ownAdvertiserBody,
} from '../schemas/advertisers';
import {
  agenciesQuery,
  agenciesResponse,
  agencyBody,
  agencyResponse,
  agencyStatusResponse,
  ownAgencyBody,
} from '../schemas/agencies';
import {
  agencyAdvertiserBody,
  agencyAdvertiserCreatedResponse,
  agencyAdvertisersQuery,
  createAgencyAdvertiserBody,
} from '../schemas/agency-advertisers';
import { enabledBody } from '../schemas/configuration';
import {
  billingInformationBody,
  billingInformationResponse,
  logStatusVerificationsResponse,
  statusHistoryQuery,
  statusVerificationBody,
} from '../schemas/organisations';
import {
  acceptRegulationsBody,
  createRegulationBody,
  currentRegulationsQuery,
  currentRegulationsResponse,
  logRegulationsQuery,
  logRegulationsResponse,
  meRegulationQuery,
  meRegulationResponse,
  regulationResponse,
  regulationsQuery,
  regulationsResponse,
  updateRegulationBody,
} from '../schemas/regulations';
import { route } from './route';

/** The admin's agencies, and the agency's own (`organisations/agencies`). */
export const agencies = {
  list: route('GET', '/admin/agencies', { query: agenciesQuery, response: agenciesResponse }),
  one: route('GET', '/admin/agencies/:id', { response: agencyResponse }),
  create: route('POST', '/admin/agencies', { body: agencyBody, response: agencyResponse }),
  update: route('PUT', '/admin/agencies/:id', { body: agencyBody, response: agencyResponse }),
  setStatus: route('POST', '/admin/agencies/:id/status-verifications', {
    body: statusVerificationBody,
    response: agencyStatusResponse,
  }),
  statusHistory: route('GET', '/admin/agencies/:id/status-verifications', {
    query: statusHistoryQuery,
    response: logStatusVerificationsResponse,
  }),
  own: route('GET', '/agency/agencies/me', { response: agencyResponse }),
  updateOwn: route('PUT', '/agency/agencies/me', { body: ownAgencyBody, response: agencyResponse }),
};

/**
 * Advertisers: the admin's (every advertiser) and the agency's (its own, its first user made with
 * it), and the advertiser's own (`organisations/advertisers`).
 */
export const advertisers = {
  list: route('GET', '/admin/advertisers', { query: advertisersQuery, response: advertisersResponse }),
  agencyList: route('GET', '/agency/advertisers', {
    query: agencyAdvertisersQuery,
    response: advertisersResponse,
  }),
  one: route('GET', '/:panel/advertisers/:id', { panels: ['admin', 'agency'], response: advertiserResponse }),
  create: route('POST', '/admin/advertisers', { body: advertiserBody, response: advertiserResponse }),
  update: route('PUT', '/admin/advertisers/:id', { body: advertiserBody, response: advertiserResponse }),
  agencyCreate: route('POST', '/agency/advertisers', {
    body: createAgencyAdvertiserBody,
    response: agencyAdvertiserCreatedResponse,
  }),
  agencyUpdate: route('PUT', '/agency/advertisers/:id', {
    body: agencyAdvertiserBody,
    response: advertiserResponse,
  }),
  setStatus: route('POST', '/admin/advertisers/:id/status-verifications', {
    body: statusVerificationBody,
    response: advertiserStatusResponse,
  }),
  statusHistory: route('GET', '/admin/advertisers/:id/status-verifications', {
    query: statusHistoryQuery,
    response: logStatusVerificationsResponse,
  }),
  own: route('GET', '/advertiser/advertisers/me', { response: advertiserResponse }),
  updateOwn: route('PUT', '/advertiser/advertisers/me', {
    body: ownAdvertiserBody,
    response: advertiserResponse,
  }),
};

/** An organisation's billing data, edited by its own users (`organisations/organisations`). */
export const billingInformation = {
  get: route('GET', '/:panel/me/billing-info', {
    panels: ['agency', 'advertiser'],
    response: billingInformationResponse,
  }),
  update: route('PUT', '/:panel/me/billing-info', {
    panels: ['agency', 'advertiser'],
    body: billingInformationBody,
    response: billingInformationResponse,
  }),
};

/** Terms and policies: the admin's versions, the current ones, an organisation's acceptance (`organisations/regulations`). */
export const regulations = {
  list: route('GET', '/admin/regulations', { query: regulationsQuery, response: regulationsResponse }),
  one: route('GET', '/admin/regulations/:id', { response: regulationResponse }),
  create: route('POST', '/admin/regulations', { body: createRegulationBody, response: regulationResponse }),
  update: route('PUT', '/admin/regulations/:id', {
    body: updateRegulationBody,
    response: regulationResponse,
  }),
  setEnabled: route('PUT', '/admin/regulations/:id/enabled', {
    body: enabledBody,
    response: regulationResponse,
  }),
  log: route('GET', '/admin/log-regulations', {
    query: logRegulationsQuery,
    response: logRegulationsResponse,
  }),
  current: route('GET', '/regulations/current', {
    query: currentRegulationsQuery,
    response: currentRegulationsResponse,
  }),
  ofOrganisation: route('GET', '/:panel/me/regulation', {
    panels: ['agency', 'advertiser'],
    query: meRegulationQuery,
    response: meRegulationResponse,
  }),
  accept: route('POST', '/:panel/me/regulation', {
    panels: ['agency', 'advertiser'],
    query: meRegulationQuery,
    body: acceptRegulationsBody,
    response: meRegulationResponse,
  }),
};
