export const audienceMessages = {
  lookbackRange: 'The lookback must be from 1 to 90 days.',
  productTypeRequired: 'Give the product type.',
  productTypeOnlyForTypeViewers: 'A product type applies to viewers of a product type only.',
  audienceNotFound: 'One of the audiences does not exist.',
  includedAndExcluded: 'An audience cannot be both included and excluded.',
  audienceInUse: 'This audience is used by campaigns: {campaigns}. Remove it from them first.',
} as const;
