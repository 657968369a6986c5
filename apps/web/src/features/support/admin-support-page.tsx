import { useTranslation } from 'react-i18next';
import { RequirePermission } from '../../auth/require-permission';
import { usePageTitle } from '../../shell/page-title';
import { Tabs, useUrlTab } from '../../shell/tabs/tabs';
import { FaqsTab } from './faqs-tab';
import { RequestsTab } from './requests-tab';
import styles from './support.module.css';

const supportTabs = ['requests', 'faqs'] as const;

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
  const [active, choose] = useUrlTab(supportTabs);

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.heading}>{t('shell:pages.helpSupport')}</h1>
          <p className={styles.lead}>{t('adminLead')}</p>
        </div>
      </header>
      <Tabs
        id="support"
        label={t('tabsLabel')}
        tabs={supportTabs}
        active={active}
        onChoose={choose}
        labelOf={(tab) => t(`tabs.${tab}`)}
      >
        {active === 'faqs' ? <FaqsTab /> : <RequestsTab />}
      </Tabs>
    </div>
  );
}
