export * from './audiences';
export * from './budget-keys';
export * from './decision';
export * from './local-time';
export * from './request';
export * from './serving-status';
export * from './types';
