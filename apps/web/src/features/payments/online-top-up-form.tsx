import type { PaymentsOverviewDto } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { useIdempotencyKey } from '../../lib/idempotency-key';
import { pageNavigation } from '../../lib/page-navigation';
import { Button } from '../../shell/button/button';
import { FormError } from '../../shell/form/form-error';
import { useApiForm } from '../../shell/form/use-api-form';
import { startOnlineTopUp } from './payments-api';
import { TopUpAmount } from './top-up-amount';
import { onlineTopUpForm } from './top-up-form-schema';
import { useMoneyForm } from './use-money-form';

/** Pays online: the net amount plus VAT, on the payment provider's checkout page. */
export function OnlineTopUpForm({ overview }: { overview: PaymentsOverviewDto }) {
  const { t } = useTranslation('payments');
  const form = useApiForm(onlineTopUpForm, { amount: '' });
  const { field, describe } = useMoneyForm(form);
  const idempotency = useIdempotencyKey();

  const onSubmit = form.submit(async (values) => {
    const body = { amount: values.amount };
    const payment = await startOnlineTopUp(overview.kind, body.amount, idempotency.keyFor(body));
    idempotency.settled();
    // After the saving state has ended, or the leave guard would hold the page.
    return () => {
      if (payment.checkoutUrl) pageNavigation.assign(payment.checkoutUrl);
    };
  }, describe);

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('topUp.online')}>
      <FormError message={form.formError} />
      <TopUpAmount overview={overview} field={field('amount')} typed={form.watch('amount')} />
      <Button type="submit" layout="block" loading={form.saving}>
        {t('topUp.payOnline')}
      </Button>
    </form>
  );
}
