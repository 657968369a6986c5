import type { LogTopUpRequestDto, PaymentsOverviewDto } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { useIdempotencyKey } from '../../lib/idempotency-key';
import { Button } from '../../shell/button/button';
import { FormError } from '../../shell/form/form-error';
import { TextAreaField } from '../../shell/form/textarea-field';
import { useApiForm } from '../../shell/form/use-api-form';
import { notify } from '../../shell/toast/notify';
import styles from './payments.module.css';
import { requestBankTopUp, useRefreshMoney } from './payments-api';
import { TopUpAmount } from './top-up-amount';
import { bankTopUpForm } from './top-up-form-schema';
import { useMoneyForm } from './use-money-form';

/**
 * Asks to top up by bank transfer: the net amount (and a comment); the request comes back with
 * the transfer's title and the account to pay to.
 */
export function BankTransferForm({
  overview,
  onRequested,
}: {
  overview: PaymentsOverviewDto;
  onRequested: (request: LogTopUpRequestDto) => void;
}) {
  const { t } = useTranslation('payments');
  const form = useApiForm(bankTopUpForm, { amount: '', comment: '' });
  const { field, describe } = useMoneyForm(form);
  const idempotency = useIdempotencyKey();
  const refresh = useRefreshMoney();

  const onSubmit = form.submit(async (values) => {
    const body = { amount: values.amount, comment: values.comment || null };
    const request = await requestBankTopUp(overview.kind, body, idempotency.keyFor(body));
    idempotency.settled();
    void refresh();
    notify.success(t('topUp.requested'));
    onRequested(request);
  }, describe);

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('topUp.bankTransfer')}>
      <FormError message={form.formError} />
      <TopUpAmount overview={overview} field={field('amount')} typed={form.watch('amount')} />
      <TextAreaField label={t('topUp.comment')} rows={3} maxLength={1000} {...field('comment')} />
      {overview.bankTransfer.bankAccount === null && (
        <p className={styles.note}>{t('topUp.bankAccountNotSet')}</p>
      )}
      <Button type="submit" layout="block" loading={form.saving}>
        {t('topUp.requestSubmit')}
      </Button>
    </form>
  );
}
