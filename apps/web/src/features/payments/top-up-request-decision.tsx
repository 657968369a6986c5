import { type LogTopUpRequestDto, type TopUpRequestStatusBody, topUpRequestStatusBody } from '@rtb/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-client';
import { useIdempotencyKey } from '../../lib/idempotency-key';
import { Button } from '../../shell/button/button';
import { FormError } from '../../shell/form/form-error';
import { TextField } from '../../shell/form/text-field';
import { useApiForm } from '../../shell/form/use-api-form';
import { notify } from '../../shell/toast/notify';
import { useRefreshMoney } from './payments-api';
import styles from './top-up-request.module.css';
import { decideTopUpRequest, topUpRequestsKeys } from './top-up-requests-api';
import { useMoneyForm } from './use-money-form';

/**
 * The admin's decision on a pending request: accept (the money is credited and the invoice
 * issued) or reject with a reason. Each decision is sent with its Idempotency-Key, the same
 * one again when the same decision is retried.
 */
export function TopUpRequestDecision({ request }: { request: LogTopUpRequestDto }) {
  const { t } = useTranslation('top-up-requests');
  const client = useQueryClient();
  const idempotency = useIdempotencyKey();
  const form = useApiForm(topUpRequestStatusBody, { status: 'accepted', reason: '' });
  const money = useMoneyForm(form);
  const reason = money.field('reason');

  // The balance, transactions and invoices change with a decision, not only the requests.
  const refresh = useRefreshMoney();

  const decide = (status: TopUpRequestStatusBody['status']) => {
    form.setValue('status', status);
    return form.submit(async (values) => {
      const body = values.status === 'accepted' ? { status: values.status } : values;
      try {
        const res = await decideTopUpRequest(request.id, body, idempotency.keyFor({ id: request.id, body }));
        idempotency.settled();
        const decided = res.data.logTopUpRequest;
        client.setQueryData(topUpRequestsKeys.detail('admin', decided.id), decided);
        notify.success(t(decided.status === 'accepted' ? 'decision.accepted' : 'decision.rejected'));
      } catch (error) {
        // Decided meanwhile (elsewhere): the lists show how.
        if (isApiError(error) && error.code === 422) void refresh();
        throw error;
      }
      await refresh();
    }, money.describe)();
  };

  return (
    <form
      className={styles.section}
      onSubmit={(event) => event.preventDefault()}
      noValidate
      aria-labelledby="top-up-decision-heading"
    >
      <h3 id="top-up-decision-heading" className={styles.sectionHeading}>
        {t('decision.heading')}
      </h3>
      <FormError message={form.formError} />
      <TextField
        label={t('decision.reason')}
        hint={t('decision.reasonHint')}
        maxLength={500}
        autoComplete="off"
        {...reason}
      />
      <div className={styles.actions}>
        <Button
          color="danger"
          variant="outline"
          loading={form.saving}
          onClick={() => void decide('rejected')}
        >
          {t('decision.reject')}
        </Button>
        <Button
          color="success"
          loading={form.saving}
          confirm={t('decision.acceptConfirm')}
          onClick={() => void decide('accepted')}
        >
          {t('decision.accept')}
        </Button>
      </div>
    </form>
  );
}
