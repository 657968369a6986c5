export * from './client';
export * from './env';
export * from './passwords';
export * as schema from './schema';
export * from './schema';
export { demoAccounts, seedDemoData } from './seed/demo';
export { seedDemoDelivery } from './seed/demo-delivery';
export { type DemoTopUp, demoTopUpsDue } from './seed/demo-top-ups';
export { seedReferenceData } from './seed/reference';
