import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../shell/badge/badge';
import { Tabs, useUrlTab } from '../../shell/tabs/tabs';
import { bannersStyles as styles } from '../banners';
import { useReviewCount } from './banner-reviews-api';
import { ReviewQueue } from './review-queue';

const tabs = ['advertisers', 'creatives'] as const;

/**
 * The admin's advertisers page in two tabs (`?tab=creatives`): the advertisers (`advertisers`),
 * and the creatives waiting for review, with their count on the tab.
 */
export function AdvertisersTabs({ advertisers }: { advertisers: ReactNode }) {
  const { t } = useTranslation('banners');
  const [active, choose] = useUrlTab(tabs);
  const count = useReviewCount();
  const label = (tab: (typeof tabs)[number]) =>
    tab === 'creatives' && count.data ? (
      <span className={styles.tabLabel}>
        {t(`review.tabs.${tab}`)}
        <Badge tone="warning">
          <span aria-hidden="true">{count.data}</span>
          <span className="visually-hidden">{t('review.count', { count: count.data })}</span>
        </Badge>
      </span>
    ) : (
      t(`review.tabs.${tab}`)
    );
  return (
    <Tabs
      id="advertisers"
      label={t('review.tabsLabel')}
      tabs={tabs}
      active={active}
      onChoose={choose}
      labelOf={label}
    >
      <div className={styles.tabPanel}>{active === 'creatives' ? <ReviewQueue /> : advertisers}</div>
    </Tabs>
  );
}
