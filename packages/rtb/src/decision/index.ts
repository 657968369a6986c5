export * from './campaign-index';
export * from './candidates';
export * from './day-progress';
export * from './frequency';
export * from './fx';
export * from './money';
export * from './pacing';
export * from './rank';
