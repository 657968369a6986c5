import { useTranslation } from 'react-i18next';
import { issueText } from '../../lib/error-text';
import type { CurrencyLike } from '../../lib/format';
import styles from './bulk-edit.module.css';
import { settingText } from './bulk-edit-change';
import type { BulkEditResult } from './campaigns-api';

type Row = BulkEditResult['campaigns'][number];

/** A row's errors in the interface language, by their codes (each text once). */
function errorTexts(t: ReturnType<typeof useTranslation>['t'], row: Row): string[] {
  const texts = Object.values(row.issues)
    .flat()
    .map((issue) => issueText(t, issue));
  return [...new Set(texts)];
}

/**
 * What the bulk edit would do: each campaign with its setting before and after, or in red why it
 * cannot take the change; above it, how many change and how many are left out.
 */
export function BulkEditPreview({
  result,
  names,
  currency,
  failing,
}: {
  result: BulkEditResult;
  names: ReadonlyMap<number, string>;
  currency: CurrencyLike;
  failing: number;
}) {
  const { t } = useTranslation('campaigns');
  const nameOf = (row: Row) => row.name ?? names.get(row.id) ?? t('bulkEdit.unknownCampaign', { id: row.id });

  return (
    <section className={styles.preview} aria-label={t('bulkEdit.previewLabel')}>
      <p className={styles.summary} aria-live="polite">
        {result.changed.length === 0
          ? t('bulkEdit.nothingChanges')
          : t('bulkEdit.changes', { count: result.changed.length })}
        {failing > 0 && <> {t('bulkEdit.leftOut', { count: failing })}</>}
      </p>
      <table className={styles.table}>
        <caption className="visually-hidden">{t('bulkEdit.previewLabel')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('bulkEdit.columns.campaign')}</th>
            <th scope="col">{t('bulkEdit.columns.change')}</th>
          </tr>
        </thead>
        <tbody>
          {result.campaigns.map((row) => {
            const errors = errorTexts(t, row);
            return (
              <tr key={row.id} data-failing={errors.length > 0 || undefined}>
                <th scope="row" className={styles.name}>
                  {nameOf(row)}
                </th>
                <td>
                  {row.changes.map((change) => (
                    <span key={change.field} className={styles.change}>
                      {t('bulkEdit.fromTo', {
                        before: settingText(t, change.field, change.before, currency),
                        after: settingText(t, change.field, change.after, currency),
                      })}
                    </span>
                  ))}
                  {row.changes.length === 0 && errors.length === 0 && (
                    <span className={styles.unchanged}>{t('bulkEdit.unchanged')}</span>
                  )}
                  {errors.length > 0 && (
                    <ul className={styles.errors}>
                      {errors.map((text) => (
                        <li key={text}>{text}</li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
