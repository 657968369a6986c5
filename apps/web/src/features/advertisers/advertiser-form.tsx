import {
  type AdvertiserDto,
  advertiserBody,
  agencyAdvertiserBody,
  amountField,
  createAgencyAdvertiserBody,
  fromMinorUnits,
  percentField,
  timeZoneField,
} from '@rtb/shared';
import { contract } from '@rtb/shared/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { api } from '../../lib/api-client';
import { Button } from '../../shell/button/button';
import { CheckField } from '../../shell/form/check-field';
import { failureListText } from '../../shell/form/failure-text';
import type { FieldProps } from '../../shell/form/field-props';
import { FormError } from '../../shell/form/form-error';
import { SelectField } from '../../shell/form/select-field';
import { TextField } from '../../shell/form/text-field';
import { TimeZoneField } from '../../shell/form/time-zone-field';
import { useApiForm } from '../../shell/form/use-api-form';
import { notify } from '../../shell/toast/notify';
import {
  type AdvertisersPanel,
  advertiserPath,
  advertisersKeys,
  agenciesKeys,
  BillingFields,
  CreditFields,
  organisationStyles as orgStyles,
  PhoneField,
  WebsiteLocalesField,
  WebsiteUrlField,
} from '../organisations';
import { defaultUserLocale, useLocaleOptions } from '../users';
import { AgencyPicker } from './agency-picker';

/** An empty commission means the default (on create) or is refused by the API (on edit). */
const commissionField = z.preprocess((value) => (value === '' ? undefined : value), percentField.optional());

/** No time zone chosen (a new advertiser's) means the platform's default. */
const timeZoneFormField = z.preprocess(
  (value) => (value === '' ? undefined : value),
  timeZoneField.optional(),
);

/** The admin's body, with the credit limit typed in major units ('1000.00'). */
const adminForm = advertiserBody.extend({
  creditLimit: amountField,
  comissionPercent: commissionField,
  timeZone: timeZoneFormField,
});
/** The agency's: fewer fields (see agencyAdvertiserBody), and the first user on create. */
const agencyEditForm = agencyAdvertiserBody.extend({
  comissionPercent: commissionField,
  timeZone: timeZoneFormField,
});
const agencyCreateForm = createAgencyAdvertiserBody.extend({
  comissionPercent: commissionField,
  timeZone: timeZoneFormField,
});

/** What the fields hold: every field of the three forms (each form takes its own). */
type AdvertiserFormInput = Partial<z.input<typeof adminForm> & z.input<typeof agencyCreateForm>>;
/** What the form gives: the admin's body, or the agency's (with the first user, on create). */
type AdvertiserFormOutput = z.output<typeof adminForm | typeof agencyEditForm | typeof agencyCreateForm>;

const schemaOf = (
  panel: AdvertisersPanel,
  creating: boolean,
): z.ZodType<AdvertiserFormOutput, AdvertiserFormInput> =>
  panel === 'admin' ? adminForm : creating ? agencyCreateForm : agencyEditForm;

const valuesOf = (
  advertiser: AdvertiserDto | undefined,
  agencyId: number | null,
  language: string,
): AdvertiserFormInput => ({
  name: advertiser?.name ?? '',
  code: advertiser?.code ?? '',
  externalId: advertiser?.externalId ?? '',
  agencyId: advertiser ? (advertiser.agency?.id ?? '') : (agencyId ?? ''),
  comissionPercent: advertiser ? advertiser.comissionPercent.toFixed(2) : '',
  agencyPaidCampaigns: advertiser?.agencyPaidCampaigns ?? false,
  websiteUrl: advertiser?.websiteUrl ?? '',
  websiteLocales: advertiser?.websiteLocales ?? [],
  timeZone: advertiser?.timeZone ?? '',
  currencyId: advertiser?.currency?.id ?? '',
  countryId: advertiser?.country?.id ?? '',
  taxId: advertiser?.taxId ?? '',
  taxAddress: advertiser?.taxAddress ?? '',
  taxEmail: advertiser?.taxEmail ?? '',
  phone: advertiser?.phone ?? '',
  creditLimit: fromMinorUnits(advertiser?.creditLimit ?? 0),
  useCreditLimit: advertiser?.useCreditLimit ?? false,
  userEmail: '',
  userFirstName: '',
  userLastName: '',
  userPhone: '',
  userLocale: defaultUserLocale(language),
});

/**
 * An advertiser's details; without `advertiser` it adds one. The admin sets everything (and may
 * put a new advertiser under `agencyId`); an agency sets what is its own to set on its advertisers
 * and, adding one, its first user. Read-only without the write permission.
 */
export function AdvertiserForm({
  panel,
  advertiser,
  agencyId = null,
  canWrite,
}: {
  panel: AdvertisersPanel;
  advertiser?: AdvertiserDto;
  agencyId?: number | null;
  canWrite: boolean;
}) {
  const { t, i18n } = useTranslation('advertisers');
  const navigate = useNavigate();
  const client = useQueryClient();
  const admin = panel === 'admin';
  const form = useApiForm(schemaOf(panel, !advertiser), valuesOf(advertiser, agencyId, i18n.language));
  const field = form.field;
  const chosenAgency = Number(form.watch('agencyId')) || null;
  // An agency's advertisers are always under it.
  const underAgency = !admin || chosenAgency !== null;

  const onSubmit = form.submit(
    async (values) => {
      const res = advertiser
        ? await api.call(admin ? contract.advertisers.update : contract.advertisers.agencyUpdate, {
            path: { id: advertiser.id },
            body: values,
          })
        : // The agency's new advertiser comes with its first user (agencyCreateForm's fields).
          !admin && 'userEmail' in values
          ? await api.call(contract.advertisers.agencyCreate, { body: values })
          : await api.call(contract.advertisers.create, { body: values });
      const saved = res.data.advertiser;
      client.setQueryData(advertisersKeys.detail(panel, saved.id), saved);
      await client.invalidateQueries({ queryKey: [...advertisersKeys.all(panel), 'list'] });
      // The agencies' advertiser counts change with an advertiser's agency.
      if (admin) await client.invalidateQueries({ queryKey: agenciesKeys.all });
      if (advertiser) {
        form.reset(valuesOf(saved, null, i18n.language));
        notify.success(t('form.saved'));
      } else {
        notify.success(
          t(admin ? 'form.created' : 'form.createdWithUser', {
            email: 'userEmail' in values ? values.userEmail : undefined,
          }),
        );
        return () => navigate(advertiserPath(panel, saved.id), { replace: true });
      }
    },
    (error) => {
      const onFields = Object.keys(error.validationErrors).length > 0;
      if (onFields) notify.error(t('common:errors.validation'));
      return onFields ? null : failureListText(t, error);
    },
  );

  const agencyField = field('agencyId');
  return (
    <section className={orgStyles.card} aria-labelledby="advertiser-form-heading">
      <h2 id="advertiser-form-heading" className={orgStyles.cardHeading}>
        {t('form.heading')}
      </h2>
      <form onSubmit={canWrite ? onSubmit : (event) => event.preventDefault()} noValidate>
        <FormError message={form.formError} />
        <fieldset className={orgStyles.fieldset} disabled={!canWrite}>
          <TextField label={t('form.name')} autoComplete="off" maxLength={200} {...field('name')} />
          <PhoneField field={field('phone')} />
          {admin && (
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
          )}
          <h3 className={orgStyles.subHeading}>
            {t(admin ? 'form.agencyHeading' : 'form.commissionHeading')}
          </h3>
          {admin && (
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
          )}
          <TextField
            label={t('form.comissionPercent')}
            hint={t(
              admin
                ? advertiser
                  ? 'form.comissionPercentHint'
                  : 'form.comissionPercentNewHint'
                : advertiser
                  ? 'form.agencyCommissionHint'
                  : 'form.agencyCommissionNewHint',
            )}
            inputMode="decimal"
            autoComplete="off"
            {...field('comissionPercent')}
          />
          {underAgency ? (
            <CheckField label={t('form.agencyPaidCampaigns')} {...field('agencyPaidCampaigns')} />
          ) : (
            <p className={orgStyles.formNote}>{t('form.agencyPaidNeedsAgency')}</p>
          )}
          {!admin && !advertiser && <FirstUserFields field={field} />}
          <h3 className={orgStyles.subHeading}>{t('form.websiteHeading')}</h3>
          <WebsiteUrlField
            field={field('websiteUrl')}
            readUrl={() => String(form.getValues('websiteUrl') ?? '')}
            setError={(message) => form.setError('websiteUrl', { type: 'server', message })}
            disabled={!canWrite}
          />
          <WebsiteLocalesField field={field('websiteLocales')} current={advertiser?.websiteLocales ?? []} />
          <h3 className={orgStyles.subHeading}>{t('form.timeZoneHeading')}</h3>
          <TimeZoneField
            {...field('timeZone')}
            value={String(form.watch('timeZone') ?? '')}
            placeholder={advertiser ? undefined : t('form.timeZoneDefault')}
            hint={t('form.timeZoneHint')}
          />
          <BillingFields
            field={field as (name: string) => FieldProps}
            currency={advertiser?.currency ?? null}
            country={advertiser?.country ?? null}
            stripeId={admin ? advertiser?.stripeId : undefined}
          />
          {admin && <CreditFields field={field} />}
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

/** The new advertiser's first user: an administrator of it, invited by e-mail. */
function FirstUserFields({ field }: { field: (name: Path<AdvertiserFormInput>) => FieldProps }) {
  const { t } = useTranslation('advertisers');
  const localeOptions = useLocaleOptions();
  return (
    <>
      <h3 className={orgStyles.subHeading}>{t('form.firstUserHeading')}</h3>
      <p className={orgStyles.formNote}>{t('form.firstUserLead')}</p>
      <TextField
        label={t('form.userEmail')}
        type="email"
        autoComplete="off"
        placeholder="name@example.com"
        {...field('userEmail')}
      />
      <div className={orgStyles.row}>
        <TextField label={t('form.userFirstName')} autoComplete="off" {...field('userFirstName')} />
        <TextField label={t('form.userLastName')} autoComplete="off" {...field('userLastName')} />
      </div>
      <div className={orgStyles.row}>
        <TextField label={t('form.userPhone')} type="tel" autoComplete="off" {...field('userPhone')} />
        <SelectField label={t('form.userLocale')} options={localeOptions} {...field('userLocale')} />
      </div>
    </>
  );
}
