export * from './hash32';
