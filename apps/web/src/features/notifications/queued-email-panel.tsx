import type { QueuedEmailDto } from '@rtb/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/format';
import listStyles from '../../shell/list/list.module.css';
import { SidePanel } from '../../shell/side-panel/side-panel';
import { EventBadge, MailStatusBadge } from './badges';
import { EmailPreview } from './email-preview';
import { localeLabel, templateLabel } from './labels';
import { failureText } from './messages';
import styles from './notifications.module.css';
import { NOTIFICATIONS_PATH, useQueuedEmail, useQueuedEmailHtml } from './notifications-api';
import { ResendButton } from './resend-button';

/** What a list row knows of a mail: enough for the panel's title while the rest loads. */
export interface MailHeading {
  id: number;
  subject: string;
  toAddress: string;
}

/** One mail in a side panel: its delivery facts, its stored HTML and its notification log. */
export function QueuedEmailPanel({ mail, onClose }: { mail: MailHeading; onClose: () => void }) {
  const { t } = useTranslation('notifications');
  const detail = useQueuedEmail(mail.id);
  const stored = useQueuedEmailHtml(mail.id);

  return (
    <SidePanel
      onClose={onClose}
      size="xlarge"
      title={mail.subject}
      subtitle={t('panel.to', { address: mail.toAddress })}
      footer={
        <div className={styles.panelFooter}>
          <Link
            className={styles.link}
            to={`${NOTIFICATIONS_PATH}?tab=log&queuedEmailId=${mail.id}`}
            onClick={onClose}
          >
            {t('panel.openLog')}
          </Link>
          {detail.data && <ResendButton mail={detail.data} size="medium" />}
        </div>
      }
    >
      {detail.isError ? (
        <p className={listStyles.stateBody} role="alert">
          {failureText(t, detail.error)}
        </p>
      ) : detail.data ? (
        <Facts mail={detail.data} />
      ) : (
        <p className={styles.muted}>{t('common:loading')}</p>
      )}

      <h3 className={styles.sectionHeading}>{t('panel.preview')}</h3>
      {stored.isError ? (
        <p className={listStyles.stateBody} role="alert">
          {failureText(t, stored.error)}
        </p>
      ) : stored.data ? (
        <EmailPreview
          html={stored.data.html}
          title={t('panel.previewTitle', { subject: stored.data.subject })}
        />
      ) : (
        <p className={styles.muted}>{t('common:loading')}</p>
      )}

      {detail.data && (
        <>
          <h3 className={styles.sectionHeading}>{t('panel.log')}</h3>
          <ol className={styles.timeline} aria-label={t('panel.log')}>
            {detail.data.logs.map((entry) => (
              <li key={entry.id} className={styles.timelineItem}>
                <span className={styles.time}>{formatDateTime(entry.createdAt)}</span>
                <EventBadge event={entry.event} />
                {entry.detail && <span className={styles.detail}>{entry.detail}</span>}
              </li>
            ))}
          </ol>
        </>
      )}
    </SidePanel>
  );
}

function Facts({ mail }: { mail: QueuedEmailDto }) {
  const { t } = useTranslation('notifications');
  const facts: [string, ReactNode][] = [
    [t('columns.status'), <MailStatusBadge key="status" status={mail.status} />],
    [t('columns.template'), `${templateLabel(t, mail.templateKey)} (${mail.templateKey})`],
    [t('columns.locale'), localeLabel(t, mail.locale)],
    [t('columns.attempts'), mail.attempts],
    [t('columns.createdAt'), formatDateTime(mail.createdAt)],
    mail.sentAt
      ? [t('columns.sentAt'), formatDateTime(mail.sentAt)]
      : [t('panel.nextAttempt'), mail.status === 'pending' ? formatDateTime(mail.nextAttemptAt) : t('none')],
    [t('columns.lastError'), mail.lastError ?? t('none')],
  ];
  return (
    <dl className={styles.facts}>
      {facts.map(([label, value]) => (
        <div key={label} className={styles.fact}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
