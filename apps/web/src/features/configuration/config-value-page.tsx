import { type ConfigValueDto, configValueOfType } from '@rtb/shared';
import { contract } from '@rtb/shared/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { can } from '../../auth/can';
import { useProfile } from '../../auth/profile-context';
import { api } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { CheckField } from '../../shell/form/check-field';
import { TextField } from '../../shell/form/text-field';
import { configDescription, configKeyLabel, configValueText } from './config-value-text';
import styles from './configuration.module.css';
import { configurationKeys, useConfigValue } from './configuration-api';
import { EntryFrame, useEntryId } from './entry-frame';
import { EntryFormBody } from './reference-entry';
import { useEntryForm } from './use-entry-form';

type FormValues = { value: string | boolean };
const valuesOf = (entry: ConfigValueDto): FormValues => ({
  value: entry.type === 'boolean' ? entry.value === true : String(entry.value),
});

/**
 * A setting (/panel/admin/config-values/single?id=): its value, with the input of its type
 * (a switch, a number, or text) and the API's check of the type.
 */
export function ConfigValuePage() {
  const { t } = useTranslation('configuration');
  const { profile } = useProfile();
  const canWrite = can(profile, 'configuration', 'write');
  const id = useEntryId();
  const query = useConfigValue(id);
  return (
    <EntryFrame
      title={t('configValue.title')}
      tab="settings"
      id={id}
      query={query}
      heading={(entry: ConfigValueDto) => configKeyLabel(t, entry.key)}
    >
      {(entry: ConfigValueDto) => (
        <section className={styles.card} aria-labelledby="entry-form-heading">
          <h2 id="entry-form-heading" className={styles.cardHeading}>
            {t('entry.details')}
          </h2>
          <dl className={styles.details}>
            <dt>{t('columns.key')}</dt>
            <dd className={styles.code}>{entry.key}</dd>
            <dt>{t('columns.type')}</dt>
            <dd>{t(`types.${entry.type}`)}</dd>
            {entry.description && (
              <>
                <dt>{t('columns.description')}</dt>
                <dd>{configDescription(t, entry)}</dd>
              </>
            )}
            <dt>{t('columns.value')}</dt>
            <dd>{configValueText(t, entry)}</dd>
            <dt>{t('columns.updatedAt')}</dt>
            <dd>{formatDateTime(entry.updatedAt)}</dd>
          </dl>
          <ConfigValueForm key={entry.type} entry={entry} canWrite={canWrite} />
        </section>
      )}
    </EntryFrame>
  );
}

function ConfigValueForm({ entry, canWrite }: { entry: ConfigValueDto; canWrite: boolean }) {
  const { t } = useTranslation('configuration');
  const schema = useMemo(() => z.object({ value: configValueOfType[entry.type] }), [entry.type]);
  const { form, field, onSubmit } = useEntryForm({
    schema,
    defaults: valuesOf(entry),
    save: async (body) =>
      (await api.call(contract.configValues.update, { path: { id: entry.id }, body })).data.configValue,
    key: configurationKeys.configValue(entry.id),
    toValues: valuesOf,
  });
  const label = t('fields.value');
  const input = field('value');
  return (
    <EntryFormBody canWrite={canWrite} saving={form.saving} formError={form.formError} onSubmit={onSubmit}>
      {entry.type === 'boolean' ? (
        <CheckField label={t('fields.switch', { name: configKeyLabel(t, entry.key) })} {...input} />
      ) : entry.type === 'integer' ? (
        <TextField label={label} type="number" min={0} step={1} inputMode="numeric" {...input} />
      ) : entry.type === 'decimal' ? (
        <TextField label={label} inputMode="decimal" hint={t('fields.decimalHint')} {...input} />
      ) : entry.type === 'email' ? (
        <TextField label={label} type="email" autoComplete="off" {...input} />
      ) : (
        <TextField label={label} autoComplete="off" {...input} />
      )}
    </EntryFormBody>
  );
}
