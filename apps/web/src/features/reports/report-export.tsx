import { type ExportFormat, exportFormats, REPORT_EXPORT_MAX_ROWS } from '@rtb/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openApiPath } from '../../lib/open-api-path';
import { Button } from '../../shell/button/button';
import { failureText } from '../../shell/form/failure-text';
import { SelectField } from '../../shell/form/select-field';
import { notify } from '../../shell/toast/notify';
import styles from './reports.module.css';
import type { ExportFile, ExportStyle } from './reports-api';

/**
 * CSV and XLSX of exactly what is on screen (`pathOf` writes the report's own filters, sort and
 * columns), with numbers and dates as on screen (the interface language) or plain ISO. The file
 * opens through a download link (a new tab cannot send the session's header). A report of more
 * `rows` than an export holds says so instead of offering a file the API would refuse.
 */
export function ReportExport({ pathOf, rows }: { pathOf: (file: ExportFile) => string; rows: number }) {
  const { t, i18n } = useTranslation('reports');
  const [style, setStyle] = useState<ExportStyle>('locale');
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const locale = i18n.language === 'pl' ? 'pl' : 'en';

  const download = (format: ExportFormat) => {
    setBusy(format);
    openApiPath(pathOf({ format, style, locale }))
      .catch((error: unknown) => notify.error(failureText(t, error)))
      .finally(() => setBusy(null));
  };

  const tooLarge = rows > REPORT_EXPORT_MAX_ROWS;
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
          disabled={tooLarge}
          aria-describedby={tooLarge ? 'report-export-too-large' : undefined}
          onClick={() => download(format)}
        >
          {t(`export.${format}`)}
        </Button>
      ))}
      {tooLarge && (
        <p id="report-export-too-large" className={styles.note}>
          {t('messages.exportTooLarge')}
        </p>
      )}
    </section>
  );
}
