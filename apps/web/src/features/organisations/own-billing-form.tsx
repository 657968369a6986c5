import { type BillingInformationDto, billingInformationBody, type OrganisationKind } from '@rtb/shared';
import { contract } from '@rtb/shared/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { api } from '../../lib/api-client';
import { useApiForm } from '../../shell/form/use-api-form';
import { notify } from '../../shell/toast/notify';
import { BillingFields } from './billing-fields';
import { FormCard } from './form-card';
import { describeSaveFailure } from './organisation-messages';
import { ownOrganisationKeys } from './own-organisation-api';

const valuesOf = (billing: BillingInformationDto): z.input<typeof billingInformationBody> => ({
  currencyId: billing.currency?.id ?? '',
  countryId: billing.country?.id ?? '',
  taxId: billing.taxId ?? '',
  taxAddress: billing.taxAddress ?? '',
  taxEmail: billing.taxEmail ?? '',
});

/** The organisation's billing data (`PUT me/billing-info`), edited by its own users. */
export function OwnBillingForm({
  kind,
  billing,
  canWrite,
}: {
  kind: OrganisationKind;
  billing: BillingInformationDto;
  canWrite: boolean;
}) {
  const { t } = useTranslation('organisations');
  const client = useQueryClient();
  const form = useApiForm(billingInformationBody, valuesOf(billing));
  const field = form.field;

  const onSubmit = form.submit(async (values) => {
    const res = await api.call(contract.billingInformation.update, { path: { panel: kind }, body: values });
    const saved = res.data.billingInformation;
    client.setQueryData(ownOrganisationKeys.billing(kind), saved);
    await client.invalidateQueries({ queryKey: ownOrganisationKeys.organisation(kind) });
    form.reset(valuesOf(saved));
    notify.success(t('own.billingSaved'));
  }, describeSaveFailure(t));

  return (
    <FormCard
      id="own-billing-heading"
      heading={t('billing.heading')}
      lead={t('own.billingLead')}
      formError={form.formError}
      canWrite={canWrite}
      saving={form.saving}
      submitLabel={t('own.saveBilling')}
      onSubmit={onSubmit}
    >
      <BillingFields
        field={field}
        currency={billing.currency}
        country={billing.country}
        currencyLocked={billing.currencyLocked}
        heading={false}
      />
    </FormCard>
  );
}
