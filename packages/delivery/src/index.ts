/**
 * The delivery engine the bidder and the API share: the snapshot the bidder decides on, recording
 * delivery and tag events (raw events, rollups, daily counters, spend), conversions and
 * postbacks, the visitors' profile events, the feed products dynamic banners show and the
 * first-price segments' win curves.
 */
export { catalogueProducts } from './catalogue/catalogue-products';
export { productImagePath, productImageUrlTemplate } from './catalogue/image-path';
export { loadDeliveryConfig } from './config';
export { confirmHeld } from './conversions/confirm-held';
export { conversionAdvertiser } from './conversions/conversion-advertiser';
export {
  type ConversionOrderRow,
  type ConversionSettingsRow,
  conversionSettingsOf,
  findConversion,
  heldConversionCount,
  lockConversionSettings,
  newestConversions,
  updateConversionSettings,
} from './conversions/conversion-repository';
export { getConversionSettings } from './conversions/conversion-settings';
export { conversionSourceOf } from './conversions/conversion-source';
export { type ConversionAdvertiser, conversionValue } from './conversions/conversion-value';
export { postbackSecretOf } from './conversions/postback-secret';
export { type PostbackOutcome, recordPostback, type VerifiedPostback } from './conversions/record-postback';
export { createDeliveryDeps, type DeliveryDeps } from './deps';
export {
  type ImpressionBidContext,
  isImpressionBidContext,
  type RecordedBidContext,
} from './events/bid-context';
export { rebuildCampaignDailyStats } from './events/campaign-daily-stats';
export {
  appendEvents,
  FoldError,
  type FoldedEvent,
  foldEvents,
  judgedAgainst,
  type LoggedEvent,
  loggedEvent,
  loggedOf,
  recordLoggedEvents,
  waitingEventCount,
} from './events/event-log';
export { PARKED_AFTER } from './events/event-log-repository';
export { EventPartitions } from './events/event-partitions';
export { deltasByKey, type FoldEffects } from './events/fold-effects';
export {
  applyStaleFoldEffects,
  FOLD_EFFECTS_KEPT_MS,
  foldEffectsApplied,
} from './events/fold-effects-recovery';
export {
  addHourlyStats,
  addProductHourlyStats,
  type HourlyStatsDelta,
  type ProductHourlyStatsDelta,
} from './events/hourly-stats';
export {
  DAY_MS,
  dayPartitionName,
  dayStart,
  partitionOf,
  retentionCutoff,
  utcDayOf,
} from './events/partition-days';
export {
  createDayPartition,
  dropPartition,
  eventPartitionNames,
  tryLockPartitions,
} from './events/partition-repository';
export { type BidCount, recordBidCounts } from './events/record-bid-counts';
export {
  type DeliveryEventInput,
  type DeliverySource,
  type RecordedEvent,
  recordDeliveryEvents,
} from './events/record-events';
export { DELIVERY_CHANNEL, notifyDelivery } from './events/repository';
export { type ForecastContext, forecastContext } from './forecast/forecast-context';
export { FORECAST_SAMPLE_MAX_ROWS, recordRequestSamples, requestSample } from './forecast/request-samples';
export { WorkerLease } from './leases/worker-lease';
export { ModelTrainer, type TrainingCycle } from './models/model-trainer';
export { newerPublishedModel } from './models/published-models';
export {
  clickExamples,
  conversionExamples,
  type ExampleWindow,
  type TrainingExample,
} from './models/training-examples-repository';
export { firstPriceOutcomes } from './shading/auction-outcomes-repository';
export {
  fitWinCurves,
  WIN_CURVE_STALE_MS,
  type WinCurveFit,
  type WinCurveFitOptions,
} from './shading/fit-win-curves';
export type { OutcomeLimits } from './shading/segment-outcomes';
export { type StoredWinCurve, saveWinCurves, winCurvesUpdatedAfter } from './shading/win-curves';
export { type AdvertiserContext, advertiserContexts } from './snapshot/advertiser-contexts';
export { allowedBannerSizes } from './snapshot/banner-sizes';
export { campaignTotalOf, countersOf, loadActiveCampaigns } from './snapshot/campaign-rows';
export { BASE_RATE, utcDay } from './snapshot/currency-rates';
export { OutcomeHistoryCache } from './snapshot/outcome-history';
export { organisationsWithAcceptedRegulations } from './snapshot/regulation-acceptance';
export { isCurrentRegulation } from './snapshot/regulations-repository';
export { type DeliverySnapshot, loadDeliverySnapshot } from './snapshot/snapshot';
export { audienceMemberCount, type ProductTypeCondition } from './tags/audience-members';
export type { ProfileEventRow, ProfileEventsCursor, TagProfileEvent } from './tags/profile-event';
export { tagEventsForProfiles } from './tags/profile-events';
export { type RecordedTagEvent, recordTagEvents, type TagEventInput } from './tags/record-tag-events';
export { type TagAdvertiser, tagAdvertiser } from './tags/tag-key';
export { visitorUserId } from './tags/visitor-user';
