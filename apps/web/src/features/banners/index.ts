// The public surface of features/banners: what other features, the panels, the router and the shell use.
// Importing the index for its side effect alone (`import '../banners'`) registers the feature's texts.

export { BannerDetails } from './banner-details';
export { BannerThumbnail } from './banner-preview';
export { bannerSizeText } from './banner-size';
export { default as bannersStyles } from './banners.module.css';
export { newDynamicBannerPath, useBanners, useOpenBanner } from './banners-api';
export { BannersPage } from './banners-page';
export { PanelForm } from './panel-form';
export { BannerStatusBadge } from './status-badge';
