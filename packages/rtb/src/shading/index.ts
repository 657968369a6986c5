export * from './auction-outcome';
export * from './log-logistic-win-curve';
export * from './segment';
export * from './shaded-bid';
export * from './shaded-candidate';
export * from './win-rate-curve';
