import type { OrganisationKind } from '@rtb/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../auth/can';
import { Button } from '../../shell/button/button';
import { failureText } from '../../shell/form/failure-text';
import listStyles from '../../shell/list/list.module.css';
import { usePageTitle } from '../../shell/page-title';
import { MoneySummary } from '../organisations';
import { BalanceChart } from './balance-chart';
import { BillingIncompleteNotice } from './billing-incomplete-notice';
import { OnlinePaymentReturn } from './online-payment-return';
import styles from './payments.module.css';
import { usePaymentsOverview } from './payments-api';
import { PaymentsTabs } from './payments-tabs';
import { TopUpPanel } from './top-up-panel';
import { TransferPanel } from './transfer-panel';

/**
 * /panel/{agency|advertiser}/payments: balances and credit, the balance trend, topping up (and an
 * agency's transfers to its advertisers), and the money records in tabs.
 */
export function OrganisationPaymentsPage({ kind }: { kind: OrganisationKind }) {
  const { t } = useTranslation('payments');
  usePageTitle(t('title'));
  const overview = usePaymentsOverview(kind);
  const canWrite = useCan('payments', 'write');
  const [panel, setPanel] = useState<'topUp' | 'transfer' | null>(null);
  const data = overview.data;

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.heading}>{t('title')}</h1>
          <p className={styles.lead}>{t(`lead.${kind}`)}</p>
        </div>
        {data && canWrite && (
          <div className={styles.actions}>
            <Button onClick={() => setPanel('topUp')}>{t('topUp.open')}</Button>
            {kind === 'agency' && (
              <Button variant="outline" color="white" onClick={() => setPanel('transfer')}>
                {t('transfer.open')}
              </Button>
            )}
          </div>
        )}
      </header>

      <OnlinePaymentReturn kind={kind} />

      {overview.isError ? (
        <div className={listStyles.state} role="alert">
          <p className={listStyles.stateTitle}>{failureText(t, overview.error)}</p>
          <Button variant="outline" onClick={() => overview.refetch()}>
            {t('common:retry')}
          </Button>
        </div>
      ) : !data ? (
        <p className={styles.note} aria-busy="true">
          {t('common:loading')}
        </p>
      ) : (
        <>
          {!data.billingComplete && <BillingIncompleteNotice kind={kind} missing={data.billingMissing} />}
          <div className={styles.grid}>
            <MoneySummary
              money={{
                currency: data.currency,
                balance: data.balance,
                balanceAgency: data.agencyPaidCampaigns ? (data.balanceAgency ?? 0) : undefined,
                commission: data.commission ?? undefined,
                creditLimit: data.creditLimit,
                creditValue: data.creditValue,
                availableCredit: data.availableCredit,
                useCreditLimit: data.useCreditLimit,
              }}
            />
            <BalanceChart
              kind={kind}
              currency={data.currency}
              second={kind === 'agency' ? 'commission' : data.agencyPaidCampaigns ? 'balanceAgency' : null}
            />
          </div>
        </>
      )}

      <PaymentsTabs panel={kind} />

      {data && panel === 'topUp' && <TopUpPanel overview={data} onClose={() => setPanel(null)} />}
      {data && panel === 'transfer' && <TransferPanel overview={data} onClose={() => setPanel(null)} />}
    </div>
  );
}
