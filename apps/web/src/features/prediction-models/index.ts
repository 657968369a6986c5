// The public surface of features/prediction-models: what other features, the panels, the router and the shell use.

export { PredictionModelsPage } from './prediction-models-page';
