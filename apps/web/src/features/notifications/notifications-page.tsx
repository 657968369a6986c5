import { type ComponentType, type KeyboardEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../shell/page-title';
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
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const Panel = panels[active];

  // Another tab starts from its first page, without the previous tab's filters.
  const choose = (tab: NotificationTab) => setSearchParams(tab === 'outbox' ? {} : { tab });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next =
      (notificationTabs.indexOf(active) + step + notificationTabs.length) % notificationTabs.length;
    choose(notificationTabs[next] as NotificationTab);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.heading}>{t('title')}</h1>
          <p className={styles.lead}>{t('lead')}</p>
        </div>
      </header>
      <div className={styles.tabs} role="tablist" aria-label={t('tabsLabel')} onKeyDown={onKeyDown}>
        {notificationTabs.map((tab, index) => (
          <button
            key={tab}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`notifications-tab-${tab}`}
            aria-selected={tab === active}
            aria-controls={`notifications-panel-${tab}`}
            tabIndex={tab === active ? 0 : -1}
            className={styles.tab}
            onClick={() => choose(tab)}
          >
            {t(`tabs.${tab}`)}
          </button>
        ))}
      </div>
      <section
        role="tabpanel"
        id={`notifications-panel-${active}`}
        aria-labelledby={`notifications-tab-${active}`}
      >
        <Panel key={active} />
      </section>
    </div>
  );
}
