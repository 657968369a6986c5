// The public surface of features/advertisers: what other features, the panels, the router and the shell use.

export { AdvertiserPage } from './advertiser-page';
export { AdvertisersPage } from './advertisers-page';
export { OwnAdvertiserPage } from './own-advertiser-page';
