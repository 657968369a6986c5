export * from './holdout-group';
export * from './lift-estimate';
