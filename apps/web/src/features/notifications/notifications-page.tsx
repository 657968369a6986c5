import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../shell/page-title';
import { Tabs, tabPanelProps } from '../../shell/tabs/tabs';
import { LogTab } from './log-tab';
import styles from './notifications.module.css';
import { type NotificationTab, notificationTabs } from './notifications-api';
import { OutboxTab } from './outbox-tab';
import { TemplatesTab } from './templates-tab';

const isTab = (value: string | null): value is NotificationTab =>
  (notificationTabs as readonly string[]).includes(value ?? '');

const panels: Record<NotificationTab, ComponentType> = {
  outbox: OutboxTab,
  templates: TemplatesTab,
  log: LogTab,
};

/**
 * Notifications (/panel/admin/notifications): the outbox of every mail, the e-mail templates
 * with a live preview, and the notification log, in tabs. The tab is kept in the URL (?tab=).
 */
export function NotificationsPage() {
  const { t } = useTranslation('notifications');
  usePageTitle(t('title'));
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const active: NotificationTab = isTab(requested) ? requested : 'outbox';
  const Panel = panels[active];

  // Another tab starts from its first page, without the previous tab's filters.
  const choose = (tab: NotificationTab) => setSearchParams(tab === 'outbox' ? {} : { tab });

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.heading}>{t('title')}</h1>
          <p className={styles.lead}>{t('lead')}</p>
        </div>
      </header>
      <Tabs
        tabs={notificationTabs}
        active={active}
        onChoose={choose}
        label={t('tabsLabel')}
        labelOf={(tab) => t(`tabs.${tab}`)}
        idPrefix="notifications"
      />
      <section {...tabPanelProps('notifications', active)}>
        <Panel key={active} />
      </section>
    </div>
  );
}
