import type { ActivityLogDto } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { SidePanel } from '../../shell/side-panel/side-panel';
import styles from './activity-logs.module.css';
import { changeSummary, diffRows, fieldLabel, formatValue } from './diff';
import { changeText } from './entry-texts';
import { type ActivityLogsPath, useActivityLog } from './use-activity-logs';

const NS = 'activity-logs';

/** "Ada Admin (ada@example.com)" */
const person = (ref: { name: string; login: string }) =>
  ref.name && ref.name !== ref.login ? `${ref.name} (${ref.login})` : ref.login;

/** One entry in a large side panel: who, where from, and the before/after of every field. */
export function ActivityLogPanel({
  apiPath,
  entry,
  onClose,
}: {
  apiPath: ActivityLogsPath;
  entry: ActivityLogDto;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  const { data } = useActivityLog(apiPath, entry);
  const log = data ?? entry;
  const none = t('none');
  const rows = diffRows(log.changes.before, log.changes.after);
  // An update is summed up in words; a create or a delete lists every field in the table alone.
  const summary = log.event === 'updated' ? changeSummary(t, rows, log.currency) : [];
  const facts: [string, string][] = [
    [t('details.time'), formatDateTime(log.createdAt)],
    [t('details.user'), log.actor ? person(log.actor) : t('system')],
    ...(log.impersonator && log.impersonator.id !== log.actor?.id
      ? [[t('details.impersonator'), person(log.impersonator)] as [string, string]]
      : []),
    [t('details.agency'), log.agency ? `${log.agency.name} (#${log.agency.id})` : none],
    [t('details.advertiser'), log.advertiser ? `${log.advertiser.name} (#${log.advertiser.id})` : none],
    [t('details.ip'), log.ip ?? none],
    [t('details.userAgent'), log.userAgent ?? none],
    [t('details.requestId'), log.requestId ?? none],
  ];

  return (
    <SidePanel
      onClose={onClose}
      position="right"
      size="large"
      title={changeText(t, log)}
      subtitle={formatDateTime(log.createdAt)}
    >
      <dl className={styles.facts}>
        {facts.map(([label, value]) => (
          <div key={label} className={styles.fact}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h3 className={styles.changesHeading}>{t('details.changes')}</h3>
      {summary.length > 0 && (
        <ul className={styles.summaryList}>
          {summary.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {rows.length === 0 ? (
        <p className={styles.muted}>{t('details.noChanges')}</p>
      ) : (
        <div className={styles.diffWrap}>
          <table className={styles.diff}>
            <thead>
              <tr>
                <th scope="col">{t('details.field')}</th>
                <th scope="col">{t('details.before')}</th>
                <th scope="col">{t('details.after')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.field} data-changed={row.changed || undefined}>
                  <th scope="row">
                    {fieldLabel(t, row.field)}
                    {row.changed && <span className="visually-hidden"> ({t('details.changed')})</span>}
                  </th>
                  <td className={row.changed ? styles.before : undefined}>
                    {formatValue(t, row.field, row.before, log.currency)}
                  </td>
                  <td className={row.changed ? styles.after : undefined}>
                    {formatValue(t, row.field, row.after, log.currency)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </SidePanel>
  );
}
