import { accountKinds } from '../enums';
import {
  activityLogResponse,
  activityLogsQuery,
  activityLogsResponse,
  activityLogUsersResponse,
  adminActivityLogUsersQuery,
  adminActivityLogUsersResponse,
  organisationActivityLogsQuery,
} from '../schemas/activity-logs';
import { statusBody } from '../schemas/common';
import {
  adminReferenceQuery,
  configValueResponse,
  configValuesQuery,
  configValuesResponse,
  countryResponse,
  createCurrencyRateBody,
  currencyRateResponse,
  currencyRatesQuery,
  currencyRatesResponse,
  currencyResponse,
  enabledBody,
  localeResponse,
  updateConfigValueBody,
  updateCountryBody,
  updateCurrencyBody,
  updateLocaleBody,
} from '../schemas/configuration';
import { demoTrafficStatusResponse } from '../schemas/demo-traffic';
import { logExternalApisQuery, logExternalApisResponse } from '../schemas/external-apis';
import {
  countriesResponse,
  currenciesResponse,
  localesResponse,
  publicCurrenciesQuery,
  publicReferenceQuery,
  urlVerificationResponse,
  urlVerifyBody,
} from '../schemas/reference';
import { route } from './route';

/** The enabled reference entries the public forms offer (`platform/reference`). */
export const reference = {
  locales: route('GET', '/locales', { query: publicReferenceQuery, response: localesResponse }),
  countries: route('GET', '/countries', { query: publicReferenceQuery, response: countriesResponse }),
  currencies: route('GET', '/currencies', { query: publicCurrenciesQuery, response: currenciesResponse }),
};

/** The admin's countries (`platform/configuration`). */
export const countries = {
  list: route('GET', '/admin/countries', { query: adminReferenceQuery, response: countriesResponse }),
  one: route('GET', '/admin/countries/:id', { response: countryResponse }),
  update: route('PUT', '/admin/countries/:id', { body: updateCountryBody, response: countryResponse }),
  setEnabled: route('PUT', '/admin/countries/:id/enabled', { body: enabledBody, response: countryResponse }),
};

/** The admin's currencies (`platform/configuration`). */
export const currencies = {
  list: route('GET', '/admin/currencies', { query: adminReferenceQuery, response: currenciesResponse }),
  one: route('GET', '/admin/currencies/:id', { response: currencyResponse }),
  update: route('PUT', '/admin/currencies/:id', { body: updateCurrencyBody, response: currencyResponse }),
  setEnabled: route('PUT', '/admin/currencies/:id/enabled', {
    body: enabledBody,
    response: currencyResponse,
  }),
};

/** The admin's locales (`platform/configuration`). */
export const locales = {
  list: route('GET', '/admin/locales', { query: adminReferenceQuery, response: localesResponse }),
  one: route('GET', '/admin/locales/:id', { response: localeResponse }),
  update: route('PUT', '/admin/locales/:id', { body: updateLocaleBody, response: localeResponse }),
  setEnabled: route('PUT', '/admin/locales/:id/enabled', { body: enabledBody, response: localeResponse }),
};

/** Exchange rates to the base currency (`platform/configuration`). */
export const currencyRates = {
  list: route('GET', '/admin/currency-rates', { query: currencyRatesQuery, response: currencyRatesResponse }),
  create: route('POST', '/admin/currency-rates', {
    body: createCurrencyRateBody,
    response: currencyRateResponse,
  }),
  remove: route('DELETE', '/admin/currency-rates/:id', { response: statusBody }),
};

/** The platform's settings (`platform/config-values`). */
export const configValues = {
  list: route('GET', '/admin/config-values', { query: configValuesQuery, response: configValuesResponse }),
  one: route('GET', '/admin/config-values/:id', { response: configValueResponse }),
  update: route('PUT', '/admin/config-values/:id', {
    body: updateConfigValueBody,
    response: configValueResponse,
  }),
};

/** Who changed what (`platform/activity-logs`): the admin's log of everything, an organisation's of its own. */
export const activityLogs = {
  list: route('GET', '/admin/activity-logs', { query: activityLogsQuery, response: activityLogsResponse }),
  ofOrganisation: route('GET', '/:panel/activity-logs', {
    panels: ['agency', 'advertiser'],
    query: organisationActivityLogsQuery,
    response: activityLogsResponse,
  }),
  one: route('GET', '/:panel/activity-logs/:id', { panels: accountKinds, response: activityLogResponse }),
  /** Accounts of any panel, by login or name. */
  accounts: route('GET', '/admin/activity-logs/users', {
    query: adminActivityLogUsersQuery,
    response: adminActivityLogUsersResponse,
  }),
  /** The organisation's users. */
  users: route('GET', '/:panel/activity-logs/users', {
    panels: ['agency', 'advertiser'],
    response: activityLogUsersResponse,
  }),
};

/** The calls the platform made to other services (`platform/external-apis`). */
export const externalApis = {
  log: route('GET', '/admin/log-external-apis', {
    query: logExternalApisQuery,
    response: logExternalApisResponse,
  }),
};

/** Whether the demo traffic reaches the bidder (`platform/demo-traffic`). */
export const demoTraffic = {
  status: route('GET', '/admin/demo-traffic', { response: demoTrafficStatusResponse }),
};

/** Whether an address answers over HTTP(S) (`platform/url-verify`). */
export const urlVerification = {
  verify: route('POST', '/url/verify', { body: urlVerifyBody, response: urlVerificationResponse }),
};
