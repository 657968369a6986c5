import type { TagSettings } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber } from '../../lib/format';
import { Button } from '../../shell/button/button';
import { failureText } from '../../shell/form/failure-text';
import { ConversionLimits } from './conversion-limits';
import { PostbackSetup } from './postback-setup';
import { TagDebugger } from './tag-debugger';
import { TagInstall } from './tag-install';
import styles from './tags.module.css';
import { useTagSettings } from './tags-api';

/** When the last counted event came and how many came in the last 7 days, or that only bots or none came yet. */
function TagStatus({ tag }: { tag: TagSettings }) {
  const { t } = useTranslation('tags');
  return (
    <p className={styles.status}>
      <strong>{t('status.label')}:</strong>{' '}
      {tag.lastEventAt === null ? (
        t(tag.onlyBots ? 'status.onlyBots' : 'status.none')
      ) : (
        <>
          {t('status.lastEvent', { time: formatDateTime(tag.lastEventAt) })}
          {' · '}
          {t('status.last7Days', { count: tag.eventsLast7Days, number: formatNumber(tag.eventsLast7Days) })}
        </>
      )}
    </p>
  );
}

/**
 * The integrations page's Tags tab (`integrations:read`): the tag's status, its snippet and
 * install instructions, the server-to-server postback, the bounds of the browser's conversions,
 * and the live debugger with the conversions. What changes something (the maximum order value,
 * a new postback secret, confirming a held conversion) and the secret itself need
 * `integrations:write`.
 */
export function TagsTab() {
  const { t } = useTranslation('tags');
  const settings = useTagSettings();
  return (
    <div className={styles.tab}>
      {settings.isError ? (
        <div className={styles.state} role="alert">
          <p className={styles.stateTitle}>{t('loadFailed')}</p>
          <p className={styles.note}>{failureText(t, settings.error)}</p>
          <Button variant="outline" onClick={() => void settings.refetch()}>
            {t('common:retry')}
          </Button>
        </div>
      ) : settings.isPending ? (
        <p className={styles.note} aria-busy="true">
          {t('common:loading')}
        </p>
      ) : (
        <>
          <TagStatus tag={settings.data} />
          <TagInstall tag={settings.data} />
        </>
      )}
      <PostbackSetup />
      <ConversionLimits />
      <TagDebugger />
    </div>
  );
}
