// The contract's route groups, by API context; `index.ts` exports them as the `contract` namespace.
export { audiences, bannerReviews, banners, campaigns } from './campaigns';
export { forecasts, lift, predictionModels, rtbViews, tags } from './delivery';
export { adminUsers, advertiserUsers, agencyUsers, auth, downloadLinks, me, roles } from './identity';
export { invoices, payments, statements, topUpRequests } from './money';
export { notifications } from './notifications';
export { advertisers, agencies, billingInformation, regulations } from './organisations';
export {
  activityLogs,
  configValues,
  countries,
  currencies,
  currencyRates,
  demoTraffic,
  externalApis,
  locales,
  reference,
  urlVerification,
} from './platform';
export { adminReports, reports } from './reporting';
export { products } from './shop';
export { support } from './support';
