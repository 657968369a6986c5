export * from './budget-keys';
export * from './decision';
export * from './dynamic';
export * from './html';
export * from './local-time';
export * from './request';
export * from './serving-status';
export * from './types';
