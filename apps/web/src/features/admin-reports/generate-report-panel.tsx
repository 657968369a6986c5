import {
  createGeneratedReportBody,
  generatedReportFormats,
  generatedReportLocales,
  generatedReportStyles,
  generatedReportTypes,
  shiftDay,
} from '@rtb/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shell/button/button';
import { DateField } from '../../shell/form/date-field';
import { formFailureText } from '../../shell/form/failure-text';
import { FormError } from '../../shell/form/form-error';
import { SelectField } from '../../shell/form/select-field';
import { useApiForm } from '../../shell/form/use-api-form';
import { SidePanel } from '../../shell/side-panel/side-panel';
import { notify } from '../../shell/toast/notify';
import styles from './admin-reports.module.css';
import { useCreateReport } from './admin-reports-api';

const utcToday = () => new Date().toISOString().slice(0, 10);

/**
 * The form that queues a report: its type, period (UTC days; the last 30 up to today unless
 * changed, so a new platform's first report has its traffic), file format, CSV style and language.
 */
export function GenerateReportPanel({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation('admin-reports');
  const create = useCreateReport();
  const [closedAt, setClosedAt] = useState<number | null>(null);
  const today = utcToday();
  const language = i18n.language === 'pl' ? 'pl' : 'en';
  const form = useApiForm(createGeneratedReportBody, {
    type: 'revenue',
    from: shiftDay(today, -29),
    to: today,
    format: 'xlsx',
    style: 'locale',
    locale: language,
  });
  const field = form.field;
  const dayField = (name: 'from' | 'to') => ({
    name,
    value: form.watch(name) ?? '',
    error: field(name).error,
    onChange: (event: { target: { value: string } }) => {
      form.clearErrors(name);
      form.setValue(name, event.target.value, { shouldDirty: true });
    },
  });
  const format = form.watch('format');

  const onSubmit = form.submit(
    async (values) => {
      await create.mutateAsync(values);
      notify.success(t('generate.queued'));
      setClosedAt(Date.now());
    },
    (error) => formFailureText(t, error),
  );

  return (
    <SidePanel
      onClose={onClose}
      size="medium"
      closeTimestamp={closedAt}
      title={t('generate.title')}
      subtitle={t('generate.subtitle')}
    >
      <form onSubmit={onSubmit} noValidate>
        <FormError message={form.formError} />
        <SelectField
          label={t('generate.type')}
          options={generatedReportTypes.map((type) => ({ value: type, label: t(`types.${type}`) }))}
          hint={t(`typeHints.${form.watch('type')}`)}
          {...field('type')}
        />
        <div className={styles.row}>
          <DateField label={t('generate.from')} {...dayField('from')} />
          <DateField label={t('generate.to')} {...dayField('to')} />
        </div>
        <p className={styles.muted}>{t('generate.utcDays')}</p>
        <SelectField
          label={t('generate.format')}
          options={generatedReportFormats.map((value) => ({ value, label: t(`formats.${value}`) }))}
          {...field('format')}
        />
        {format === 'csv' && (
          <SelectField
            label={t('generate.style')}
            options={generatedReportStyles.map((value) => ({ value, label: t(`styles.${value}`) }))}
            {...field('style')}
          />
        )}
        <SelectField
          label={t('generate.language')}
          options={generatedReportLocales.map((value) => ({ value, label: t(`languages.${value}`) }))}
          {...field('locale')}
        />
        <div className={styles.footerActions}>
          <Button type="submit" loading={form.saving}>
            {t('generate.submit')}
          </Button>
        </div>
      </form>
    </SidePanel>
  );
}
