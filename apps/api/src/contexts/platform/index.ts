export {
  type ActivityLogFilter,
  activityLogPage,
  activityLogsWhere,
  countActivityLogs,
  type KeysetPosition,
  newestFirst,
} from './activity-logs/pages';
export type { AgenciesOfAdvertisers } from './activity-logs/ports';
export { type Actor, accountActor, actorOf, type Change, recordActivity } from './activity-logs/service';
export { findConfigValueId } from './config-values/repository';
export {
  findQueuedEmail,
  listNotificationLogs,
  listOutbox,
  lockQueuedEmail,
  logsOfEmail,
  type NotificationLogListRow,
  type NotificationLogRow,
  requeueEmail,
} from './emails/outbox-repository';
export { queueEmail } from './emails/queue';
export { renderTemplate } from './emails/render';
export { insertNotificationLog, type QueuedEmail } from './emails/repository';
export {
  type EmailTemplateRow,
  findTemplate,
  listTemplates,
  lockTemplate,
  templateKeyExists,
  updateTemplate,
} from './emails/template-repository';
export { ExternalCallLog } from './external-apis/call-log';
export { type CallTracker, callTracker } from './external-apis/track-call';
export { toFileUploadDto } from './file-uploads/dto';
export {
  acceptMultipart,
  type FileLimit,
  type IncomingFile,
  incomingFile,
  incomingFileField,
  multipartBody,
} from './file-uploads/multipart';
export { fileUploadOf } from './file-uploads/repository';
export { storeUpload } from './file-uploads/store-upload';
export { idempotent } from './idempotency/idempotent';
export {
  type CountryRef,
  type CurrencyRef,
  countryOf,
  currencyMinorUnitsOf,
  currencyOf,
  currencyOrNullOf,
} from './reference/refs';
export { findCountryByCode, findCurrency, isEnabledEntry } from './reference/repository';
export {
  assertEnabledCountryAndCurrency,
  currencyMinorUnits,
  currencySymbol,
  enabledLocaleOr,
  localeIsEnabled,
  platformCountries,
} from './reference/service';
export {
  demoShopTrust,
  FetchTimeoutError,
  guardedFetch,
  TooManyRedirectsError,
  UnsafeAddressError,
} from './url-verify/service';
export { verifyUrl } from './url-verify/verify-url';
