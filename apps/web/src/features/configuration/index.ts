// The public surface of features/configuration: what other features, the panels, the router and the shell use.
export { ConfigValuePage } from './config-value-page';
export { ConfigurationPage } from './configuration-page';
export { CountryPage } from './country-page';
export { CurrencyPage } from './currency-page';
export { LocalePage } from './locale-page';
