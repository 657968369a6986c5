import { audiences, bannerReviews, banners, campaigns } from './campaigns';
import { rtbViews, tags } from './delivery';
import { adminUsers, advertiserUsers, agencyUsers, auth, downloadLinks, me, roles } from './identity';
import { invoices, payments, topUpRequests } from './money';
import { notifications } from './notifications';
import { advertisers, agencies, billingInformation, regulations } from './organisations';
import {
  activityLogs,
  configValues,
  countries,
  currencies,
  currencyRates,
  demoTraffic,
  externalApis,
  locales,
  reference,
  support,
  urlVerification,
} from './platform';
import { adminReports, reports } from './reporting';
import { products } from './shop';

export * from './route';

/**
 * The API's routes as the web calls them, by module: `api.call(contract.roles.update, { path:
 * { id }, body })`. Each names its method, path and the zod schemas the API's route declares for
 * its query, body and answer, so a call's types come from the schemas the API validates with;
 * `apps/api/src/core/contract.test.ts` checks every route against the API.
 */
export const contract = {
  // identity
  auth,
  me,
  roles,
  adminUsers,
  agencyUsers,
  advertiserUsers,
  downloadLinks,
  // platform
  reference,
  countries,
  currencies,
  locales,
  currencyRates,
  configValues,
  activityLogs,
  externalApis,
  demoTraffic,
  urlVerification,
  support,
  // organisations
  agencies,
  advertisers,
  billingInformation,
  regulations,
  // money
  payments,
  topUpRequests,
  invoices,
  // campaigns
  campaigns,
  banners,
  bannerReviews,
  audiences,
  // shop
  products,
  // reporting
  reports,
  adminReports,
  // delivery
  tags,
  rtbViews,
  // notifications
  notifications,
};
