/** A tab of the integrations page (where the set-up is the first tab). */
export const integrationsTabPath = (tab: 'products' | 'tags' | 'audiences') =>
  `/panel/advertiser/integrations?tab=${tab}`;
