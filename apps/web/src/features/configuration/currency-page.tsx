import { type CurrencyDto, updateCurrencyBody } from '@rtb/shared';
import { contract } from '@rtb/shared/contract';
import { useTranslation } from 'react-i18next';
import { can } from '../../auth/can';
import { useProfile } from '../../auth/profile-context';
import { api } from '../../lib/api-client';
import { TextField } from '../../shell/form/text-field';
import { configurationKeys } from './configuration-api';
import { EntryFormBody, ReferenceEntryPage } from './reference-entry';
import { useEntryForm } from './use-entry-form';

const valuesOf = (currency: CurrencyDto) => ({
  name: currency.name,
  isoCode: currency.isoCode,
  symbol: currency.symbol,
});

/** A currency (/panel/admin/currencies/single?id=): name, ISO number, symbol, enabled. */
export function CurrencyPage() {
  const { t } = useTranslation('configuration');
  const { profile } = useProfile();
  const canWrite = can(profile, 'configuration', 'write');
  return (
    <ReferenceEntryPage list="currencies" title={t('currency.title')} canWrite={canWrite}>
      {(entry) => <CurrencyForm currency={entry as CurrencyDto} canWrite={canWrite} />}
    </ReferenceEntryPage>
  );
}

function CurrencyForm({ currency, canWrite }: { currency: CurrencyDto; canWrite: boolean }) {
  const { t } = useTranslation('configuration');
  const { form, field, onSubmit } = useEntryForm({
    schema: updateCurrencyBody,
    defaults: valuesOf(currency),
    save: async (body) =>
      (await api.call(contract.currencies.update, { path: { id: currency.id }, body })).data.currency,
    key: configurationKeys.entry('currencies', currency.id),
    toValues: valuesOf,
    list: 'currencies',
  });
  return (
    <EntryFormBody canWrite={canWrite} saving={form.saving} formError={form.formError} onSubmit={onSubmit}>
      <TextField label={t('fields.name')} autoComplete="off" {...field('name')} />
      <TextField
        label={t('fields.currencyIsoCode')}
        hint={t('fields.currencyIsoCodeHint')}
        inputMode="numeric"
        maxLength={3}
        {...field('isoCode')}
      />
      <TextField label={t('fields.symbol')} maxLength={8} {...field('symbol')} />
    </EntryFormBody>
  );
}
