export { anyOf, insertRows } from './array-parameters';
export { type CampaignGoalColumns, campaignGoalColumns, campaignGoalOf } from './campaign-goal-columns';
export * from './client';
export { ConfigValues } from './config-values';
export * from './env';
export * from './passwords';
export * as schema from './schema';
export * from './schema';
export { demoAccounts, seedDemoData } from './seed/demo';
export { seedDemoDelivery } from './seed/demo-delivery';
export {
  DEMO_DYNAMIC_BANNER,
  DEMO_RETARGETING_CAMPAIGN,
  demoAudiences,
  demoShopFeedImported,
  demoShopTagKey,
  seedDemoShop,
  shopCurrencies,
} from './seed/demo-shop';
export { type DemoTopUp, demoTopUpsDue } from './seed/demo-top-ups';
export { seedReferenceData } from './seed/reference';
export { selectRows } from './select-rows';
export { inTransaction, type TransactionScope } from './transaction';
