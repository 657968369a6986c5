import { type AdvertiserDto, advertiserBody, amountField, fromMinorUnits, percentField } from '@rtb/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { DefaultValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { api } from '../../lib/api-client';
import { Button } from '../../shell/button/button';
import formStyles from '../../shell/form/form.module.css';
import { TextField } from '../../shell/form/text-field';
import { useApiForm } from '../../shell/form/use-api-form';
import { useLeaveWhileSaving } from '../../shell/form/use-leave-while-saving';
import { notify } from '../../shell/toast/notify';
import { agenciesKeys } from '../agencies/agencies-api';
import { CheckField } from '../configuration/check-field';
import { BillingFields, type FieldProps } from '../organisations/billing-fields';
import { CreditFields } from '../organisations/credit-fields';
import orgStyles from '../organisations/organisation.module.css';
import { PhoneField } from '../organisations/phone-field';
import { WebsiteLocalesField, WebsiteUrlField } from '../organisations/website-fields';
import {
  advertiserFailureText,
  advertiserPath,
  advertisersKeys,
  localiseAdvertiserMessage,
} from './advertisers-api';
import { AgencyPicker } from './agency-picker';

/**
 * The API's body, with the credit limit typed in major units ('1000.00'), and an empty commission
 * meaning the platform default (on create).
 */
const advertiserForm = advertiserBody.extend({
  creditLimit: amountField,
  comissionPercent: z.preprocess((value) => (value === '' ? undefined : value), percentField.optional()),
});
type AdvertiserFormValues = z.infer<typeof advertiserForm>;

const valuesOf = (advertiser: AdvertiserDto | undefined, agencyId: number | null) =>
  ({
    name: advertiser?.name ?? '',
    code: advertiser?.code ?? '',
    externalId: advertiser?.externalId ?? '',
    agencyId: advertiser ? (advertiser.agency?.id ?? '') : (agencyId ?? ''),
    comissionPercent: advertiser ? advertiser.comissionPercent.toFixed(2) : '',
    agencyPaidCampaigns: advertiser?.agencyPaidCampaigns ?? false,
    websiteUrl: advertiser?.websiteUrl ?? '',
    websiteLocales: advertiser?.websiteLocales ?? [],
    currencyId: advertiser?.currency?.id ?? '',
    countryId: advertiser?.country?.id ?? '',
    taxId: advertiser?.taxId ?? '',
    taxAddress: advertiser?.taxAddress ?? '',
    taxEmail: advertiser?.taxEmail ?? '',
    phone: advertiser?.phone ?? '',
    creditLimit: fromMinorUnits(advertiser?.creditLimit ?? 0),
    useCreditLimit: advertiser?.useCreditLimit ?? false,
  }) as unknown as DefaultValues<AdvertiserFormValues>;

/**
 * An advertiser's details; without `advertiser` it adds one (under `agencyId` when given).
 * Read-only without the write permission.
 */
export function AdvertiserForm({
  advertiser,
  agencyId = null,
  canWrite,
}: {
  advertiser?: AdvertiserDto;
  agencyId?: number | null;
  canWrite: boolean;
}) {
  const { t } = useTranslation('advertisers');
  const navigate = useNavigate();
  const client = useQueryClient();
  const form = useApiForm(advertiserForm, valuesOf(advertiser, agencyId));
  useLeaveWhileSaving(form.saving);
  const field = (name: Path<AdvertiserFormValues>): FieldProps => {
    const props = form.field(name);
    return {
      ...props,
      error: props.error && localiseAdvertiserMessage(t, props.error, form.getValues(name)),
    };
  };
  const chosenAgency = Number(form.watch('agencyId')) || null;

  const onSubmit = form.submit(
    async (values) => {
      const res = advertiser
        ? await api.put<{ data: { advertiser: AdvertiserDto } }>(
            `/admin/advertisers/${advertiser.id}`,
            values,
          )
        : await api.post<{ data: { advertiser: AdvertiserDto } }>('/admin/advertisers', values);
      const saved = res.data.advertiser;
      client.setQueryData(advertisersKeys.detail(saved.id), saved);
      await client.invalidateQueries({ queryKey: [...advertisersKeys.all, 'list'] });
      // The agencies' advertiser counts change with an advertiser's agency.
      await client.invalidateQueries({ queryKey: agenciesKeys.all });
      if (advertiser) {
        form.reset(valuesOf(saved, null));
        notify.success(t('form.saved'));
      } else {
        notify.success(t('form.created'));
        return () => navigate(advertiserPath(saved.id), { replace: true });
      }
    },
    (error) => {
      const onFields = Object.keys(error.validationErrors).length > 0;
      if (onFields) notify.error(t('common:errors.validation'));
      return onFields ? null : advertiserFailureText(t, error);
    },
  );

  const agencyField = field('agencyId');
  return (
    <section className={orgStyles.card} aria-labelledby="advertiser-form-heading">
      <h2 id="advertiser-form-heading" className={orgStyles.cardHeading}>
        {t('form.heading')}
      </h2>
      <form onSubmit={canWrite ? onSubmit : (event) => event.preventDefault()} noValidate>
        {form.formError && (
          <div className={formStyles.formError} role="alert">
            {form.formError}
          </div>
        )}
        <fieldset className={orgStyles.fieldset} disabled={!canWrite}>
          <TextField label={t('form.name')} autoComplete="off" maxLength={200} {...field('name')} />
          <PhoneField field={field('phone')} />
          <div className={orgStyles.row}>
            <TextField
              label={t('form.code')}
              hint={t(advertiser ? 'form.codeHint' : 'form.codeNewHint')}
              autoComplete="off"
              maxLength={40}
              {...field('code')}
            />
            <TextField
              label={t('form.externalId')}
              hint={t('form.externalIdHint')}
              autoComplete="off"
              maxLength={100}
              {...field('externalId')}
            />
          </div>
          <h3 className={orgStyles.subHeading}>{t('form.agencyHeading')}</h3>
          <AgencyPicker
            field={{
              ...agencyField,
              onChange: (event) => {
                // Only an advertiser with an agency may have agency-paid campaigns.
                if (!(event.target as HTMLSelectElement).value) form.setValue('agencyPaidCampaigns', false);
                return agencyField.onChange(event);
              },
            }}
            selectedId={chosenAgency}
            current={advertiser?.agency ?? null}
          />
          <TextField
            label={t('form.comissionPercent')}
            hint={t(advertiser ? 'form.comissionPercentHint' : 'form.comissionPercentNewHint')}
            inputMode="decimal"
            autoComplete="off"
            {...field('comissionPercent')}
          />
          {chosenAgency === null ? (
            <p className={orgStyles.formNote}>{t('form.agencyPaidNeedsAgency')}</p>
          ) : (
            <CheckField label={t('form.agencyPaidCampaigns')} {...field('agencyPaidCampaigns')} />
          )}
          <h3 className={orgStyles.subHeading}>{t('form.websiteHeading')}</h3>
          <WebsiteUrlField
            field={field('websiteUrl')}
            readUrl={() => String(form.getValues('websiteUrl') ?? '')}
            setError={(message) => form.setError('websiteUrl', { type: 'server', message })}
            disabled={!canWrite}
          />
          <WebsiteLocalesField field={field('websiteLocales')} current={advertiser?.websiteLocales ?? []} />
          <BillingFields
            field={field as (name: string) => FieldProps}
            currency={advertiser?.currency ?? null}
            country={advertiser?.country ?? null}
            stripeId={advertiser?.stripeId}
          />
          <CreditFields field={field} />
        </fieldset>
        {canWrite && (
          <div className={orgStyles.formActions}>
            <Button type="submit" layout="wide" loading={form.saving}>
              {t(advertiser ? 'form.save' : 'form.create')}
            </Button>
          </div>
        )}
      </form>
    </section>
  );
}
