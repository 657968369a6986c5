export * from './layout';
export * from './markup';
export * from './price-text';
