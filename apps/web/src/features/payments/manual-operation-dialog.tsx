import {
  type CurrencyRef,
  decimalInput,
  manualOperationBody,
  manualOperationTypes,
  organisationMessages,
  toMinorUnits,
} from '@rtb/shared';
import { contract, pathOf } from '@rtb/shared/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { api } from '../../lib/api-client';
import { currencySymbol } from '../../lib/format';
import { useIdempotencyKey } from '../../lib/idempotency-key';
import { Button } from '../../shell/button/button';
import { FormError } from '../../shell/form/form-error';
import { SelectField } from '../../shell/form/select-field';
import { TextField } from '../../shell/form/text-field';
import { useApiForm } from '../../shell/form/use-api-form';
import { SidePanel } from '../../shell/side-panel/side-panel';
import { notify } from '../../shell/toast/notify';
import { type MoneyOrganisation, refreshOrganisationMoney } from './manual-operation-organisation';
import styles from './top-up-request.module.css';
import { useMoneyForm } from './use-money-form';

/** A major-unit amount as typed ('100.50', '-10'), as signed minor units: only a correction may be negative. */
const signedAmountField = z.preprocess(
  decimalInput,
  z
    .string({ error: organisationMessages.amount })
    .regex(/^-?\d{1,13}(\.\d{1,2})?$/, organisationMessages.amount)
    .transform((value) => (value.startsWith('-') ? -toMinorUnits(value.slice(1)) : toMinorUnits(value))),
);

/** The API's body with the amount typed in major units; the API's own rules then apply. */
const manualOperationForm = z
  .object({ type: z.enum(manualOperationTypes), amount: signedAmountField, reason: z.string() })
  .pipe(manualOperationBody);

const emptyValues: z.input<typeof manualOperationForm> = { type: 'manual_top_up', amount: '', reason: '' };

/**
 * The admin tops up an agency's or advertiser's balance by hand, corrects it (either way) or
 * refunds it, with the reason. Sent with an Idempotency-Key: a retry of the same operation is
 * booked once.
 */
export function ManualOperationDialog({
  organisation,
  onClose,
}: {
  organisation: MoneyOrganisation;
  onClose: () => void;
}) {
  const { t } = useTranslation('top-up-requests');
  const client = useQueryClient();
  const idempotency = useIdempotencyKey();
  const form = useApiForm(manualOperationForm, emptyValues);
  const { field, describe } = useMoneyForm(form);
  const type = form.watch('type');
  const currency = currencyLabel(organisation.currency, t('common:currencyNotSet'));

  const onSubmit = form.submit(async (values) => {
    const topUp =
      organisation.kind === 'agency' ? contract.payments.topUpAgency : contract.payments.topUpAdvertiser;
    // The key stands for this operation on this organisation: its path and values.
    const path = pathOf(topUp, { id: organisation.id });
    await api.call(topUp, {
      path: { id: organisation.id },
      body: values,
      idempotencyKey: idempotency.keyFor({ path, values }),
    });
    idempotency.settled();
    form.reset(emptyValues);
    notify.success(t('manualOperation.done'));
    await refreshOrganisationMoney(client, organisation);
    return onClose;
  }, describe);

  return (
    <SidePanel title={t('manualOperation.title')} subtitle={organisation.name} size="small" onClose={onClose}>
      <form className={styles.section} onSubmit={onSubmit} noValidate aria-label={t('manualOperation.title')}>
        <FormError message={form.formError} />
        <SelectField
          label={t('manualOperation.type')}
          options={manualOperationTypes.map((value) => ({
            value,
            label: t(`manualOperation.types.${value}`),
          }))}
          {...field('type')}
        />
        <TextField
          label={t('manualOperation.amount', { currency })}
          hint={t(
            type === 'correction' ? 'manualOperation.amountHintCorrection' : 'manualOperation.amountHint',
          )}
          inputMode="decimal"
          autoComplete="off"
          {...field('amount')}
        />
        <TextField
          label={t('manualOperation.reason')}
          maxLength={500}
          autoComplete="off"
          {...field('reason')}
        />
        <div className={styles.actions}>
          <Button type="submit" loading={form.saving}>
            {t('manualOperation.submit')}
          </Button>
        </div>
      </form>
    </SidePanel>
  );
}

/** The currency's symbol or code, or 'Currency not set'. */
export const currencyLabel = (currency: CurrencyRef | null, notSet: string) =>
  currency ? currencySymbol(currency) : notSet;
