import { type AgencyDto, agencyBody, amountField, fromMinorUnits } from '@rtb/shared';
import { contract } from '@rtb/shared/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { api } from '../../lib/api-client';
import { Button } from '../../shell/button/button';
import { failureListText } from '../../shell/form/failure-text';
import type { FieldProps } from '../../shell/form/field-props';
import { FormError } from '../../shell/form/form-error';
import { TextField } from '../../shell/form/text-field';
import { useApiForm } from '../../shell/form/use-api-form';
import { notify } from '../../shell/toast/notify';
import {
  agenciesKeys,
  agencyPath,
  BillingFields,
  CreditFields,
  PhoneField,
  organisationStyles as styles,
} from '../organisations';

/** The API's body, with the credit limit typed in major units ('1000.00') as people write it. */
const agencyForm = agencyBody.extend({ creditLimit: amountField });

const valuesOf = (agency: AgencyDto | undefined): z.input<typeof agencyForm> => ({
  name: agency?.name ?? '',
  currencyId: agency?.currency?.id ?? '',
  countryId: agency?.country?.id ?? '',
  taxId: agency?.taxId ?? '',
  taxAddress: agency?.taxAddress ?? '',
  taxEmail: agency?.taxEmail ?? '',
  phone: agency?.phone ?? '',
  creditLimit: fromMinorUnits(agency?.creditLimit ?? 0),
  useCreditLimit: agency?.useCreditLimit ?? false,
  commissionPercentLimit: (agency?.commissionPercentLimit ?? 0).toFixed(2),
});

/** An agency's details; without `agency` it adds one. Read-only without the write permission. */
export function AgencyForm({ agency, canWrite }: { agency?: AgencyDto; canWrite: boolean }) {
  const { t } = useTranslation('agencies');
  const navigate = useNavigate();
  const client = useQueryClient();
  const form = useApiForm(agencyForm, valuesOf(agency));
  const field = form.field;

  const onSubmit = form.submit(
    async (values) => {
      const res = agency
        ? await api.call(contract.agencies.update, { path: { id: agency.id }, body: values })
        : await api.call(contract.agencies.create, { body: values });
      const saved = res.data.agency;
      client.setQueryData(agenciesKeys.detail(saved.id), saved);
      await client.invalidateQueries({ queryKey: [...agenciesKeys.all, 'list'] });
      if (agency) {
        form.reset(valuesOf(saved));
        notify.success(t('form.saved'));
      } else {
        notify.success(t('form.created'));
        return () => navigate(agencyPath(saved.id), { replace: true });
      }
    },
    (error) => {
      const onFields = Object.keys(error.validationErrors).length > 0;
      if (onFields) notify.error(t('common:errors.validation'));
      return onFields ? null : failureListText(t, error);
    },
  );

  return (
    <section className={styles.card} aria-labelledby="agency-form-heading">
      <h2 id="agency-form-heading" className={styles.cardHeading}>
        {t('form.heading')}
      </h2>
      <form onSubmit={canWrite ? onSubmit : (event) => event.preventDefault()} noValidate>
        <FormError message={form.formError} />
        <fieldset className={styles.fieldset} disabled={!canWrite}>
          <TextField
            label={t('form.name')}
            placeholder={t('form.namePlaceholder')}
            autoComplete="off"
            maxLength={200}
            {...field('name')}
          />
          <TextField
            label={t('form.commissionPercentLimit')}
            hint={t('form.commissionPercentLimitHint')}
            inputMode="decimal"
            autoComplete="off"
            {...field('commissionPercentLimit')}
          />
          <PhoneField field={field('phone')} />
          <BillingFields
            field={field as (name: string) => FieldProps}
            currency={agency?.currency ?? null}
            country={agency?.country ?? null}
            stripeId={agency?.stripeId}
          />
          <CreditFields field={field as (name: string) => FieldProps} />
        </fieldset>
        {canWrite && (
          <div className={styles.formActions}>
            <Button type="submit" layout="wide" loading={form.saving}>
              {t(agency ? 'form.save' : 'form.create')}
            </Button>
          </div>
        )}
      </form>
    </section>
  );
}
