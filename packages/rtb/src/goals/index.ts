export * from './goal';
export * from './goal-bid';
export * from './random-variates';
export * from './thompson';
