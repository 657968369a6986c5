import type { BannerDto, DynamicTemplate } from '@rtb/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../shell/form/failure-text';
import { BannerFacts } from './banner-facts';
import { BannerPreview } from './banner-preview';
import styles from './banners.module.css';
import { ExampleDynamicPreviews } from './example-dynamic-previews';
import { FeedDynamicPreviews } from './feed-dynamic-previews';
import { RejectionNotice } from './rejection-notice';
import { BannerStatusBadge } from './status-badge';

/**
 * The body of a creative's side panel (the advertiser's and the reviewer's): its failure or
 * loading, then its status, why it was rejected (with `rejectionAction`), its preview at real
 * size (a dynamic banner's in every size: with the shop's products, or made-up ones for the
 * reviewer, `products="examples"`; `draftTemplate` shows an edit before it is saved) and details
 * (with `extra` rows), then what `children` adds for the creative.
 */
export function BannerDetails({
  query,
  rejectionAction,
  extra,
  products = 'feed',
  draftTemplate,
  children,
}: {
  query: UseQueryResult<BannerDto>;
  rejectionAction?: ReactNode;
  extra?: [string, ReactNode][];
  products?: 'feed' | 'examples';
  draftTemplate?: DynamicTemplate | null;
  children: (banner: BannerDto) => ReactNode;
}) {
  const { t } = useTranslation('banners');
  const banner = query.data;
  if (query.isError)
    return (
      <p className={styles.muted} role="alert">
        {failureText(t, query.error)}
      </p>
    );
  if (!banner) return <p className={styles.muted}>{t('common:loading')}</p>;
  return (
    <>
      <div className={styles.panelStatus}>
        <BannerStatusBadge status={banner.status} />
      </div>
      <RejectionNotice banner={banner} action={rejectionAction} />
      {!banner.template ? (
        <BannerPreview banner={banner} />
      ) : products === 'examples' ? (
        <ExampleDynamicPreviews banner={banner} template={banner.template} />
      ) : (
        <FeedDynamicPreviews
          template={draftTemplate ?? banner.template}
          logoUrl={banner.previewUrl}
          landingUrl={banner.landingUrl}
        />
      )}
      <BannerFacts banner={banner} extra={extra} />
      {children(banner)}
    </>
  );
}
