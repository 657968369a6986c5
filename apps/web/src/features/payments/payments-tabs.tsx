import { useTranslation } from 'react-i18next';
import { Tabs, useUrlTab } from '../../shell/tabs/tabs';
import { InvoicesList } from '../invoices';
import { CreditChangesTab } from './credit-changes-tab';
import { OnlinePaymentsTab } from './online-payments-tab';
import type { PaymentsPanel } from './payments-api';
import { StatementsTab } from './statements-tab';
import { TopUpRequestsList } from './top-up-requests-list';
import { TransactionsTab } from './transactions-tab';
import { PAYMENTS_PAGE_KEYS } from './use-money-filters';

/** The money records of every payments page, in order; the admin's span every organisation. */
const ADMIN_TABS = ['transactions', 'requests', 'invoices', 'online', 'credits'] as const;
/** An agency's or advertiser's: its monthly statements besides. */
const ORGANISATION_TABS = [
  'transactions',
  'statements',
  'requests',
  'invoices',
  'online',
  'credits',
] as const;
type PaymentsTabId = (typeof ORGANISATION_TABS)[number];

function TabContent({ panel, tab }: { panel: PaymentsPanel; tab: PaymentsTabId }) {
  switch (tab) {
    case 'transactions':
      return <TransactionsTab panel={panel} />;
    case 'statements':
      return panel === 'admin' ? null : <StatementsTab kind={panel} />;
    case 'requests':
      return <TopUpRequestsList panel={panel} />;
    case 'invoices':
      return <InvoicesList panel={panel} pageKeys={PAYMENTS_PAGE_KEYS} />;
    case 'online':
      return <OnlinePaymentsTab panel={panel} />;
    case 'credits':
      return <CreditChangesTab panel={panel} />;
  }
}

/** The tab list of a payments page, the chosen one kept in the URL (`?tab=`). */
export function PaymentsTabs({ panel }: { panel: PaymentsPanel }) {
  const { t } = useTranslation('payments');
  const tabs: readonly PaymentsTabId[] = panel === 'admin' ? ADMIN_TABS : ORGANISATION_TABS;
  const [active, choose] = useUrlTab(tabs);
  return (
    <Tabs
      id="payments"
      label={t('tabs.label')}
      tabs={tabs}
      active={active}
      onChoose={choose}
      labelOf={(id) => t(`tabs.${id}`)}
    >
      <TabContent panel={panel} tab={active} />
    </Tabs>
  );
}
