// The lint rules (.dependency-cruiser.cjs) and the architecture test read the layers from here.

/**
 * The API's bounded contexts, lowest first: a context may use those before it, never one after
 * it, so the graph of contexts has no cycle. Where a lower context needs a higher one (an
 * organisation's balances, a product's tag activity), the lower one declares a port on AppDeps and
 * create-deps hands in the higher one's function. docs/ARCHITECTURE.md draws the layers.
 */
const contextLayers = [
  'platform',
  'identity',
  'organisations',
  'money',
  'shop',
  'campaigns',
  'delivery',
  'reporting',
  'notifications',
  'support',
];

module.exports = { contextLayers };
