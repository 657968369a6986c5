import { amountField, creditLimitBody, fromMinorUnits } from '@rtb/shared';
import { contract } from '@rtb/shared/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { api } from '../../lib/api-client';
import { formatMoney } from '../../lib/format';
import { useIdempotencyKey } from '../../lib/idempotency-key';
import { Button } from '../../shell/button/button';
import { CheckField } from '../../shell/form/check-field';
import { FormError } from '../../shell/form/form-error';
import { TextField } from '../../shell/form/text-field';
import { useApiForm } from '../../shell/form/use-api-form';
import { SidePanel } from '../../shell/side-panel/side-panel';
import { notify } from '../../shell/toast/notify';
import { currencyLabel } from './manual-operation-dialog';
import { type MoneyOrganisation, refreshOrganisationMoney } from './manual-operation-organisation';
import styles from './top-up-request.module.css';
import { useMoneyForm } from './use-money-form';

/**
 * The admin sets an agency's or advertiser's credit limit (typed in major units) and whether it
 * may be used, with the reason the credit log keeps.
 */
export function CreditLimitDialog({
  organisation,
  onClose,
}: {
  organisation: MoneyOrganisation;
  onClose: () => void;
}) {
  const { t } = useTranslation('top-up-requests');
  const client = useQueryClient();
  const idempotency = useIdempotencyKey();
  const schema = useMemo(
    () =>
      z
        .object({ creditLimit: amountField, useCreditLimit: z.boolean(), reason: z.string() })
        .transform((values) => ({ ...values, [`${organisation.kind}Id`]: organisation.id }))
        .pipe(creditLimitBody),
    [organisation.kind, organisation.id],
  );
  const form = useApiForm(schema, {
    creditLimit: fromMinorUnits(organisation.creditLimit),
    useCreditLimit: organisation.useCreditLimit,
    reason: '',
  });
  const { field, describe } = useMoneyForm(form);
  const notSet = t('common:currencyNotSet');

  const onSubmit = form.submit(async (values) => {
    await api.call(contract.payments.setCreditLimit, {
      body: values,
      idempotencyKey: idempotency.keyFor(values),
    });
    idempotency.settled();
    notify.success(t('creditLimit.done'));
    await refreshOrganisationMoney(client, organisation);
    return onClose;
  }, describe);

  return (
    <SidePanel
      title={t('creditLimit.title')}
      subtitle={`${organisation.name} · ${t('creditLimit.current', {
        amount: formatMoney(organisation.creditLimit, organisation.currency, notSet),
      })}`}
      size="small"
      onClose={onClose}
    >
      <form className={styles.section} onSubmit={onSubmit} noValidate aria-label={t('creditLimit.title')}>
        <FormError message={form.formError} />
        <TextField
          label={t('creditLimit.creditLimit', { currency: currencyLabel(organisation.currency, notSet) })}
          inputMode="decimal"
          autoComplete="off"
          {...field('creditLimit')}
        />
        <CheckField label={t('creditLimit.useCreditLimit')} {...field('useCreditLimit')} />
        <TextField label={t('creditLimit.reason')} maxLength={500} autoComplete="off" {...field('reason')} />
        <div className={styles.actions}>
          <Button type="submit" loading={form.saving}>
            {t('creditLimit.submit')}
          </Button>
        </div>
      </form>
    </SidePanel>
  );
}
