export * from './local-time';
export * from './serving-status';
