import { type CountryDto, updateCountryBody } from '@rtb/shared';
import { contract } from '@rtb/shared/contract';
import { useTranslation } from 'react-i18next';
import { can } from '../../auth/can';
import { useProfile } from '../../auth/profile-context';
import { api } from '../../lib/api-client';
import { CheckField } from '../../shell/form/check-field';
import { TextField } from '../../shell/form/text-field';
import { configurationKeys } from './configuration-api';
import { EntryFormBody, ReferenceEntryPage } from './reference-entry';
import { useEntryForm } from './use-entry-form';

const valuesOf = (country: CountryDto) => ({ name: country.name, isoCode: country.isoCode, eu: country.eu });

/** A country (/panel/admin/countries/single?id=): name, ISO code, EU membership, enabled. */
export function CountryPage() {
  const { t } = useTranslation('configuration');
  const { profile } = useProfile();
  const canWrite = can(profile, 'configuration', 'write');
  return (
    <ReferenceEntryPage list="countries" title={t('country.title')} canWrite={canWrite}>
      {(entry) => <CountryForm country={entry as CountryDto} canWrite={canWrite} />}
    </ReferenceEntryPage>
  );
}

function CountryForm({ country, canWrite }: { country: CountryDto; canWrite: boolean }) {
  const { t } = useTranslation('configuration');
  const { form, field, onSubmit } = useEntryForm({
    schema: updateCountryBody,
    defaults: valuesOf(country),
    save: async (body) =>
      (await api.call(contract.countries.update, { path: { id: country.id }, body })).data.country,
    key: configurationKeys.entry('countries', country.id),
    toValues: valuesOf,
    list: 'countries',
  });
  return (
    <EntryFormBody canWrite={canWrite} saving={form.saving} formError={form.formError} onSubmit={onSubmit}>
      <TextField label={t('fields.name')} autoComplete="off" {...field('name')} />
      <TextField
        label={t('fields.countryIsoCode')}
        hint={t('fields.countryIsoCodeHint')}
        maxLength={3}
        {...field('isoCode')}
      />
      <CheckField label={t('fields.eu')} {...field('eu')} />
    </EntryFormBody>
  );
}
