import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { RequirePermission } from '../../auth/require-permission';
import { usePageTitle } from '../../shell/page-title';
import { Tabs, tabPanelProps } from '../../shell/tabs/tabs';
import { FaqsTab } from './faqs-tab';
import { RequestsTab } from './requests-tab';
import styles from './support.module.css';
import './texts';

const supportTabs = ['requests', 'faqs'] as const;
type SupportTab = (typeof supportTabs)[number];

/**
 * Help & Support of the admin panel (/panel/admin/support): every organisation's requests with
 * their status and replies, and the FAQs in tabs. The tab is kept in the URL (?tab=).
 */
export function AdminSupportPage() {
  return (
    <RequirePermission resource="support" titleKey="helpSupport">
      <AdminSupport />
    </RequirePermission>
  );
}

function AdminSupport() {
  const { t } = useTranslation('support');
  usePageTitle(t('shell:pages.helpSupport'));
  const [searchParams, setSearchParams] = useSearchParams();
  const active: SupportTab = searchParams.get('tab') === 'faqs' ? 'faqs' : 'requests';
  // Another tab starts from its first page, without the previous tab's filters.
  const choose = (tab: SupportTab) => setSearchParams(tab === 'requests' ? {} : { tab });

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.heading}>{t('shell:pages.helpSupport')}</h1>
          <p className={styles.lead}>{t('adminLead')}</p>
        </div>
      </header>
      <Tabs
        tabs={supportTabs}
        active={active}
        onChoose={choose}
        label={t('tabsLabel')}
        labelOf={(tab) => t(`tabs.${tab}`)}
        idPrefix="support"
      />
      <section {...tabPanelProps('support', active)}>
        {active === 'faqs' ? <FaqsTab /> : <RequestsTab />}
      </section>
    </div>
  );
}
