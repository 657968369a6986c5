export * from './auction-outcome';
export * from './log-logistic-win-curve';
export * from './shaded-bid';
export * from './win-rate-curve';
