import { type KeyboardEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './activity-logs.module.css';

const logViews = ['activity', 'external-apis'] as const;
export type LogView = (typeof logViews)[number];

export const logTabId = (view: LogView) => `log-tab-${view}`;
export const logPanelId = (view: LogView) => `log-panel-${view}`;
const labels: Record<LogView, string> = { activity: 'tabs.activity', 'external-apis': 'tabs.externalApis' };

/** 'Activity' / 'External APIs': the two logs of the admin panel's page, arrow keys move between them. */
export function LogTabs({ active, onChoose }: { active: LogView; onChoose: (view: LogView) => void }) {
  const { t } = useTranslation('external-apis');
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (logViews.indexOf(active) + step + logViews.length) % logViews.length;
    onChoose(logViews[next] as LogView);
    refs.current[next]?.focus();
  };

  return (
    <div className={styles.tabs} role="tablist" aria-label={t('tabsLabel')} onKeyDown={onKeyDown}>
      {logViews.map((view, index) => (
        <button
          key={view}
          ref={(element) => {
            refs.current[index] = element;
          }}
          type="button"
          role="tab"
          id={logTabId(view)}
          aria-selected={view === active}
          aria-controls={logPanelId(view)}
          tabIndex={view === active ? 0 : -1}
          className={styles.tab}
          onClick={() => onChoose(view)}
        >
          {t(labels[view])}
        </button>
      ))}
    </div>
  );
}
