/**
 * What other modules use of banners (the review queue and decisions in modules/banner-reviews,
 * the campaigns' creatives): the locked row for a change, the row as the DTO needs it, the
 * mapper, the audit shape, the write of the review columns and the logged change.
 */
export { assertEditable, changedBanner, lockedBanner } from './banner-change';
export { auditedBanner, previewUrlOf, toBannerDto } from './dto';
export {
  type BannerRecord,
  type BannerRow,
  type BannerScope,
  findBanner,
  lockBanner,
  updateBanner,
} from './repository';
export { submittedForReview } from './review-state';
