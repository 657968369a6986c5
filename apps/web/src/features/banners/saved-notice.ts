import type { BannerDto } from '@rtb/shared';

/** What a saved change says: that it sent the banner back to review, or just that it was saved. */
export const savedNoticeKey = (before: BannerDto, saved: BannerDto) =>
  saved.status === 'pending' && before.status !== 'pending' ? 'edit.savedToReview' : 'edit.saved';
