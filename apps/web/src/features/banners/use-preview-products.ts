import type { DynamicProductView } from '@rtb/rtb/dynamic';
import { shopPriceLocale } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../auth/can';
import { useOwnOrganisation } from '../organisations';
import { useProducts } from '../products';
import { feedProductView, PREVIEW_PRODUCT_COUNT } from './dynamic-products';
import { exampleProductViews } from './example-products';

/** What the previews show: the shop's products, made-up ones (`examples`), or why there are none. */
export type PreviewProducts =
  | { state: 'loading' }
  | { state: 'failed'; error: unknown }
  | { state: 'empty' }
  | { state: 'ready'; products: DynamicProductView[]; examples: boolean };

/** Made-up products, titled and priced in the interface language, leading to `clickUrl`. */
export function useExampleProducts(clickUrl: string): DynamicProductView[] {
  const { t, i18n } = useTranslation('banners');
  return exampleProductViews(
    [t('dynamic.examples.first'), t('dynamic.examples.second'), t('dynamic.examples.third')],
    i18n.language,
    clickUrl,
  );
}

/**
 * The advertiser's previews: the first in-stock products of the shop's feed, priced in the
 * shop's locale (its website's first language, as the bidder writes them). A user who may not
 * read the products (`integrations:read`) sees made-up ones instead, leading to `landingUrl`.
 */
export function useFeedPreviewProducts(landingUrl: string): PreviewProducts {
  const canReadProducts = useCan('integrations', 'read');
  const canReadProfile = useCan('advertiser-profile', 'read');
  const products = useProducts(
    { availability: 'in_stock', perPage: PREVIEW_PRODUCT_COUNT },
    { enabled: canReadProducts },
  );
  const organisation = useOwnOrganisation('advertiser', { enabled: canReadProfile });
  const examples = useExampleProducts(landingUrl);
  if (canReadProfile && organisation.isPending) return { state: 'loading' };
  const locale = shopPriceLocale(organisation.data?.websiteLocales);
  if (!canReadProducts) return { state: 'ready', products: examples, examples: true };
  if (products.isError) return { state: 'failed', error: products.error };
  if (!products.data) return { state: 'loading' };
  if (!products.data.elements.length) return { state: 'empty' };
  return {
    state: 'ready',
    products: products.data.elements.map((product) => feedProductView(product, locale)),
    examples: false,
  };
}
