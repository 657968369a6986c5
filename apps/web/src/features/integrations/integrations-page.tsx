import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../shell/page-title';
import { Tabs, useUrlTab } from '../../shell/tabs/tabs';
import { AudiencesTab } from '../audiences';
import { ProductsTab } from '../products';
import { RetargetingSetupTab } from '../retargeting-setup';
import { TagsTab } from '../tags';
import styles from './integrations.module.css';

/**
 * The page's tabs in order, each its feature's component (the first is the default); a new tab
 * is one line here and its name in `integrations:tabs`.
 */
const tabs = {
  setup: RetargetingSetupTab,
  products: ProductsTab,
  tags: TagsTab,
  audiences: AudiencesTab,
} satisfies Record<string, ComponentType>;

type IntegrationsTab = keyof typeof tabs;
const tabIds = Object.keys(tabs) as IntegrationsTab[];

/** /panel/advertiser/integrations: the shop's connection, one area a tab (`?tab=`). */
export function IntegrationsPage() {
  const { t } = useTranslation('integrations');
  usePageTitle(t('shell:pages.integrations'));
  const [active, choose] = useUrlTab(tabIds);
  const Content = tabs[active];
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.heading}>{t('shell:pages.integrations')}</h1>
          <p className={styles.lead}>{t('lead')}</p>
        </div>
      </header>
      <Tabs
        id="integrations"
        label={t('tabs.label')}
        tabs={tabIds}
        active={active}
        onChoose={choose}
        labelOf={(id) => t(`tabs.${id}`)}
      >
        <Content />
      </Tabs>
    </div>
  );
}
