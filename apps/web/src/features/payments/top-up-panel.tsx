import type { LogTopUpRequestDto, PaymentsOverviewDto } from '@rtb/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ToggleButton } from '../../shell/button/toggle-button';
import { SidePanel } from '../../shell/side-panel/side-panel';
import { BankTransferForm } from './bank-transfer-form';
import { BillingIncompleteNotice } from './billing-incomplete-notice';
import { OnlineTopUpForm } from './online-top-up-form';
import styles from './payments.module.css';
import { TransferInstructions } from './transfer-instructions';

type Method = 'online' | 'bank_transfer';

/**
 * Topping up: online (when the payment provider is set up) or by a bank transfer request. Both
 * are refused while the billing data is incomplete: the panel says what is missing instead.
 */
export function TopUpPanel({ overview, onClose }: { overview: PaymentsOverviewDto; onClose: () => void }) {
  const { t } = useTranslation('payments');
  const online = overview.onlineTopUp.available;
  const [method, setMethod] = useState<Method>(online ? 'online' : 'bank_transfer');
  const [requested, setRequested] = useState<LogTopUpRequestDto | null>(null);
  const methods: Method[] = online ? ['online', 'bank_transfer'] : ['bank_transfer'];

  return (
    <SidePanel title={t('topUp.title')} subtitle={t('topUp.subtitle')} onClose={onClose}>
      {!overview.billingComplete ? (
        <BillingIncompleteNotice kind={overview.kind} missing={overview.billingMissing} />
      ) : requested ? (
        <TransferInstructions request={requested} />
      ) : (
        <>
          {methods.length > 1 && (
            <fieldset className={styles.methods}>
              <legend className="visually-hidden">{t('topUp.method')}</legend>
              {methods.map((value) => (
                <ToggleButton key={value} pressed={method === value} onClick={() => setMethod(value)}>
                  {t(value === 'online' ? 'topUp.online' : 'topUp.bankTransfer')}
                </ToggleButton>
              ))}
            </fieldset>
          )}
          {method === 'online' ? (
            <OnlineTopUpForm overview={overview} />
          ) : (
            <BankTransferForm overview={overview} onRequested={setRequested} />
          )}
        </>
      )}
    </SidePanel>
  );
}
