/**
 * What other modules use of banners: for the review queue and decisions (banner-reviews)
 * the locked row for a change, the row as the DTO needs it (and its columns, for the queue's
 * query), the mapper and the one preview URL builder, the audit shape, the write of the review
 * columns and the logged change; for campaigns, their banners briefly (`briefBanners`); for the
 * delivery snapshot, the sizes a dynamic banner serves in.
 */
export { assertEditable, changedBanner, lockedBanner } from './banner-change';
export { type BriefBanner, briefBanners } from './brief-banners';
export { auditedBanner, previewUrlOf, toBannerDto } from './dto';
export {
  type BannerRecord,
  type BannerRow,
  type BannerScope,
  bannerColumns,
  findBanner,
  lockBanner,
  updateBanner,
} from './repository';
export { submittedForReview } from './review-state';
