import { type LocaleDto, updateLocaleBody } from '@rtb/shared';
import { contract } from '@rtb/shared/contract';
import { useTranslation } from 'react-i18next';
import { can } from '../../auth/can';
import { useProfile } from '../../auth/profile-context';
import { api } from '../../lib/api-client';
import { TextField } from '../../shell/form/text-field';
import { configurationKeys } from './configuration-api';
import { EntryFormBody, ReferenceEntryPage } from './reference-entry';
import { useEntryForm } from './use-entry-form';

const valuesOf = (locale: LocaleDto) => ({ name: locale.name });

/** A language (/panel/admin/locales/single?id=): its name, enabled. */
export function LocalePage() {
  const { t } = useTranslation('configuration');
  const { profile } = useProfile();
  const canWrite = can(profile, 'configuration', 'write');
  return (
    <ReferenceEntryPage list="locales" title={t('locale.title')} canWrite={canWrite}>
      {(entry) => <LocaleForm locale={entry as LocaleDto} canWrite={canWrite} />}
    </ReferenceEntryPage>
  );
}

function LocaleForm({ locale, canWrite }: { locale: LocaleDto; canWrite: boolean }) {
  const { t } = useTranslation('configuration');
  const { form, field, onSubmit } = useEntryForm({
    schema: updateLocaleBody,
    defaults: valuesOf(locale),
    save: async (body) =>
      (await api.call(contract.locales.update, { path: { id: locale.id }, body })).data.locale,
    key: configurationKeys.entry('locales', locale.id),
    toValues: valuesOf,
    list: 'locales',
  });
  return (
    <EntryFormBody canWrite={canWrite} saving={form.saving} formError={form.formError} onSubmit={onSubmit}>
      <TextField label={t('fields.name')} autoComplete="off" {...field('name')} />
    </EntryFormBody>
  );
}
