import { useTranslation } from 'react-i18next';
import { Tabs } from '../../shell/tabs/tabs';

const logViews = ['activity', 'external-apis'] as const;
export type LogView = (typeof logViews)[number];

const labels: Record<LogView, string> = { activity: 'tabs.activity', 'external-apis': 'tabs.externalApis' };

/** 'Activity' / 'External APIs': the two logs of the admin panel's page, arrow keys move between them. */
export function LogTabs({ active, onChoose }: { active: LogView; onChoose: (view: LogView) => void }) {
  const { t } = useTranslation('external-apis');
  return (
    <Tabs
      tabs={logViews}
      active={active}
      onChoose={onChoose}
      label={t('tabsLabel')}
      labelOf={(view) => t(labels[view])}
      idPrefix="log"
    />
  );
}
