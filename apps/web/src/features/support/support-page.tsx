import { useTranslation } from 'react-i18next';
import { RequirePermission } from '../../auth/require-permission';
import { usePageTitle } from '../../shell/page-title';
import { ContactForm } from './contact-form';
import { FaqList } from './faq-list';
import { OwnRequests } from './own-requests';
import styles from './support.module.css';
import type { CustomerPanel } from './support-api';

/**
 * Help & Support of the agency and advertiser panels: the FAQs of the user's language with a
 * search, the contact form, and the organisation's previous requests with the replies.
 */
export function SupportPage({ panel }: { panel: CustomerPanel }) {
  return (
    <RequirePermission resource="support" titleKey="helpSupport">
      <CustomerSupport panel={panel} />
    </RequirePermission>
  );
}

function CustomerSupport({ panel }: { panel: CustomerPanel }) {
  const { t } = useTranslation('support');
  usePageTitle(t('shell:pages.helpSupport'));
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.heading}>{t('shell:pages.helpSupport')}</h1>
          <p className={styles.lead}>{t('lead')}</p>
        </div>
      </header>
      <div className={styles.columns}>
        <FaqList panel={panel} />
        <ContactForm panel={panel} />
      </div>
      <OwnRequests panel={panel} />
    </div>
  );
}
