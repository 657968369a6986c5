import { type ExportFormat, exportFormats } from '@rtb/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openApiPath } from '../../lib/open-api-path';
import { Button } from '../../shell/button/button';
import { SelectField } from '../../shell/form/select-field';
import { notify } from '../../shell/toast/notify';
import styles from './reports.module.css';
import { type ExportFile, type ExportStyle, reportMessagesOf } from './reports-api';

/**
 * CSV and XLSX of exactly what is on screen (`pathOf` writes the report's own filters, sort and
 * columns), with numbers and dates as on screen (the interface language) or plain ISO. The file
 * opens through a download link (a new tab cannot send the session's header).
 */
export function ReportExport({ pathOf }: { pathOf: (file: ExportFile) => string }) {
  const { t, i18n } = useTranslation('reports');
  const [style, setStyle] = useState<ExportStyle>('locale');
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const locale = i18n.language === 'pl' ? 'pl' : 'en';

  const download = (format: ExportFormat) => {
    setBusy(format);
    openApiPath(pathOf({ format, style, locale }))
      .catch((error: unknown) => notify.error(reportMessagesOf.failureText(t, error)))
      .finally(() => setBusy(null));
  };

  return (
    <section className={styles.exportBar} aria-label={t('export.label')}>
      <SelectField
        className={styles.field}
        label={t('export.style')}
        value={style}
        onChange={(event) => setStyle(event.target.value as ExportStyle)}
        options={[
          { value: 'locale', label: t('export.locale', { language: t(`export.languages.${locale}`) }) },
          { value: 'iso', label: t('export.iso') },
        ]}
      />
      {exportFormats.map((format) => (
        <Button
          key={format}
          size="small"
          variant="outline"
          loading={busy === format}
          onClick={() => download(format)}
        >
          {t(`export.${format}`)}
        </Button>
      ))}
    </section>
  );
}
