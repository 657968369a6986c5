// The public surface of features/products: what other features, the panels, the router and the shell use.

export { isImportActive, useProductFeed, useProducts } from './products-api';
export { ProductsTab } from './products-tab';
