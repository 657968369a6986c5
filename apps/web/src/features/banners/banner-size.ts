import { type BannerDto, formatBannerSize } from '@rtb/shared';
import type { TFunction } from 'i18next';

/** The size a list shows: `WxH`, or every allowed size for a dynamic banner (its own size is the logo's). */
export const bannerSizeText = (t: TFunction, banner: Pick<BannerDto, 'type' | 'width' | 'height'>) =>
  banner.type === 'dynamic' ? t('banners:dynamic.allSizes') : formatBannerSize(banner.width, banner.height);
