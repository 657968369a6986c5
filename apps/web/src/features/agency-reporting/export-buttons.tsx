import type { ExportFormat } from '@rtb/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openApiPath } from '../../lib/open-api-path';
import { Button } from '../../shell/button/button';
import { notify } from '../../shell/toast/notify';
import type { NumberStyle } from './agency-report-params';
import styles from './agency-reporting.module.css';
import { agencyReportMessages } from './agency-reporting-api';

/**
 * CSV and XLSX of exactly what is on screen, with numbers and dates as on screen (the
 * interface language) or ISO; the file opens in a new tab through a one-use download link.
 */
export function ExportButtons({ pathOf }: { pathOf: (format: ExportFormat, style: NumberStyle) => string }) {
  const { t } = useTranslation('agency-reporting');
  const [style, setStyle] = useState<NumberStyle>('locale');
  const download = (format: ExportFormat) =>
    openApiPath(pathOf(format, style)).catch((error: unknown) =>
      notify.error(agencyReportMessages.failureText(t, error)),
    );
  return (
    <div className={styles.export}>
      <fieldset className={styles.numberStyles}>
        <legend className={styles.legend}>{t('export.style')}</legend>
        {(['locale', 'iso'] as const).map((value) => (
          <label key={value} className={styles.pickerItem}>
            <input
              type="radio"
              name="agency-report-style"
              value={value}
              checked={style === value}
              onChange={() => setStyle(value)}
            />
            {t(`export.styles.${value}`)}
          </label>
        ))}
      </fieldset>
      <Button size="small" variant="outline" color="white" onClick={() => download('csv')}>
        {t('export.csv')}
      </Button>
      <Button size="small" variant="outline" color="white" onClick={() => download('xlsx')}>
        {t('export.xlsx')}
      </Button>
    </div>
  );
}
