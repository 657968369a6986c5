export * from './client';
export * from './env';
export * from './passwords';
export * as schema from './schema';
export * from './schema';
export { demoAccounts, seedDemoData } from './seed/demo';
export { seedReferenceData } from './seed/reference';
