import type { DynamicTemplate } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useProfile } from '../../auth/profile-context';
import { failureText } from '../../shell/form/failure-text';
import styles from './banners.module.css';
import { useBannerRules } from './banners-api';
import { DynamicPreviews } from './dynamic-previews';
import { useFeedPreviewProducts } from './use-preview-products';

/** Where the advertiser sets up the product feed. */
export const productsTabPath = '/panel/advertiser/integrations?tab=products';

/**
 * The advertiser's previews of a dynamic banner in every allowed size with the shop's own
 * products; without products in the feed, where to add them (the banner can be saved anyway).
 */
export function FeedDynamicPreviews({
  template,
  logoUrl,
  landingUrl,
}: {
  template: DynamicTemplate;
  logoUrl: string | null;
  /** Where made-up products lead, for a user who may not read the shop's. */
  landingUrl: string;
}) {
  const { t } = useTranslation('banners');
  const rules = useBannerRules();
  const products = useFeedPreviewProducts(landingUrl);
  const shopName = useProfile().profile?.advertiserUser?.advertiser.name ?? '';
  if (rules.isError || products.state === 'failed')
    return (
      <p className={styles.uploadError} role="alert">
        {failureText(t, rules.error ?? (products.state === 'failed' ? products.error : null))}
      </p>
    );
  if (products.state === 'empty')
    return (
      <section className={styles.noProducts} aria-labelledby="dynamic-no-products">
        <h3 id="dynamic-no-products" className={styles.panelHeading}>
          {t('dynamic.noProducts.heading')}
        </h3>
        <p className={styles.cardLead}>{t('dynamic.noProducts.body')}</p>
        <Link to={productsTabPath} className={styles.landing}>
          {t('dynamic.noProducts.link')}
        </Link>
      </section>
    );
  if (!rules.data || products.state === 'loading')
    return <p className={styles.muted}>{t('common:loading')}</p>;
  return (
    <DynamicPreviews
      template={template}
      sizes={rules.data.sizes}
      products={products.products}
      logoUrl={logoUrl}
      shopName={shopName}
      examples={products.examples}
    />
  );
}
