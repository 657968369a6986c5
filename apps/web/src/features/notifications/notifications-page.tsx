import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../shell/page-title';
import { Tabs, useUrlTab } from '../../shell/tabs/tabs';
import { LogTab } from './log-tab';
import styles from './notifications.module.css';
import { type NotificationTab, notificationTabs } from './notifications-api';
import { OutboxTab } from './outbox-tab';
import { TemplatesTab } from './templates-tab';

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
  const [active, choose] = useUrlTab(notificationTabs);
  const Panel = panels[active];

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.heading}>{t('title')}</h1>
          <p className={styles.lead}>{t('lead')}</p>
        </div>
      </header>
      <Tabs
        id="notifications"
        label={t('tabsLabel')}
        tabs={notificationTabs}
        active={active}
        onChoose={choose}
        labelOf={(tab) => t(`tabs.${tab}`)}
      >
        <Panel key={active} />
      </Tabs>
    </div>
  );
}
