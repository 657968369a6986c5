/**
 * What other modules use of campaigns: how many campaigns show a banner (the banners module's
 * DTO), without reading `campaign_banners` themselves.
 */
export { campaignCountOfBanner } from './repository';
