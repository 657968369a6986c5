import type { OrganisationKind } from '@rtb/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatMoney } from '../../lib/format';
import { Button } from '../../shell/button/button';
import styles from './payments.module.css';
import { useOnlinePayment, useRefreshMoney } from './payments-api';

/**
 * Back from the payment provider's checkout (`?onlinePayment=<id>&result=success|cancel`): what
 * became of the payment. The provider confirms a paid checkout on its own, so a paid one may
 * still be pending for a moment; the payment is asked again until it is decided.
 */
export function OnlinePaymentReturn({ kind }: { kind: OrganisationKind }) {
  const { t } = useTranslation('payments');
  const [searchParams, setSearchParams] = useSearchParams();
  const id = Number(searchParams.get('onlinePayment')) || null;
  const cancelled = searchParams.get('result') === 'cancel';
  const payment = useOnlinePayment(kind, cancelled ? null : id);
  const refresh = useRefreshMoney();
  const status = payment.data?.status;
  // Once paid, the balance and the lists show the top-up.
  useEffect(() => {
    if (status === 'paid') void refresh();
  }, [status, refresh]);

  if (id === null) return null;
  const dismiss = () =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('onlinePayment');
        next.delete('result');
        return next;
      },
      { replace: true },
    );
  const message = cancelled
    ? t('online.cancelled')
    : status === 'paid'
      ? t('online.paid', {
          amount: formatMoney(
            payment.data?.net ?? 0,
            payment.data?.currency ?? null,
            t('common:currencyNotSet'),
          ),
        })
      : status === 'expired' || status === 'failed'
        ? t(`online.${status}`)
        : payment.isError
          ? t('online.unknown')
          : t('online.pending');

  return (
    <div className={styles.notice} data-tone={status === 'paid' ? 'success' : undefined} role="status">
      <p>{message}</p>
      <div>
        <Button size="small" variant="outline" color="white" onClick={dismiss}>
          {t('online.dismiss')}
        </Button>
      </div>
    </div>
  );
}
