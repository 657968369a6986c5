// The public surface of features/campaigns: what other features, the panels, the router and the shell use.

export { AdvertiserCampaignsSection } from './advertiser-campaigns-section';
export { campaignMoney, campaignSpend } from './campaign-money';
export { CampaignPage } from './campaign-page';
export { type CampaignPrefill, campaignPrefillPath } from './campaign-prefill';
export { CampaignStatusBadge } from './campaign-status-badge';
export { campaignPath, campaignsPath, useCampaignSettings, useCampaigns } from './campaigns-api';
export { CampaignsPage } from './campaigns-page';
export { ServingStatus } from './serving-status';
