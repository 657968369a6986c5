export * from './forecast';
export * from './sample';
