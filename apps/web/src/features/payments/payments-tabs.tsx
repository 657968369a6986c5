import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs, useUrlTab } from '../../shell/tabs/tabs';
import './texts';

/** A tab of a payments page: its URL value, its label's key (namespace `payments`) and its content. */
export interface PaymentsTab {
  id: string;
  labelKey: string;
  render: () => ReactNode;
}

/** The tab list of a payments page, the chosen one kept in the URL (`?tab=`). */
export function PaymentsTabs({ tabs }: { tabs: PaymentsTab[] }) {
  const { t } = useTranslation('payments');
  const ids = tabs.map((tab) => tab.id);
  const [active, choose] = useUrlTab(ids);
  const shown = tabs.find((tab) => tab.id === active) ?? tabs[0];
  return (
    <Tabs
      id="payments"
      label={t('tabs.label')}
      tabs={ids}
      active={active}
      onChoose={choose}
      labelOf={(id) => t(tabs.find((tab) => tab.id === id)?.labelKey ?? id)}
    >
      {shown?.render()}
    </Tabs>
  );
}
