import type { FormContactDto } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatFileSize } from '../../lib/format';
import { failureText } from '../../shell/form/failure-text';
import { notify } from '../../shell/toast/notify';
import styles from './support.module.css';
import { downloadFile } from './support-api';

/**
 * A request as both sides read it: the message, its attachment (downloaded through the
 * panel's own API, which checks who may), and the support team's replies, oldest first.
 */
export function ContactThread({
  contact,
  panel,
}: {
  contact: FormContactDto;
  panel: 'admin' | 'agency' | 'advertiser';
}) {
  const { t } = useTranslation('support');
  const file = contact.attachment;
  return (
    <>
      <h3 className={styles.sectionHeading}>{t('thread.message')}</h3>
      <p className={styles.message}>{contact.message}</p>
      {file && (
        <>
          <h3 className={styles.sectionHeading}>{t('thread.attachment')}</h3>
          <p>
            <button
              type="button"
              className={styles.open}
              aria-label={t('thread.download', { name: file.name })}
              onClick={() =>
                downloadFile(panel, file).catch((error: unknown) => notify.error(failureText(t, error)))
              }
            >
              {file.name}
            </button>
            <span className={styles.muted}>
              {' '}
              · {t(`fileTypes.${file.type}`)} · {formatFileSize(file.size)}
            </span>
          </p>
        </>
      )}
      <h3 className={styles.sectionHeading}>{t('thread.replies')}</h3>
      {contact.comments.length === 0 ? (
        // The customer is told a reply will come; the support team only that there is none.
        <p className={styles.muted}>{t(panel === 'admin' ? 'thread.noRepliesYet' : 'thread.noReplies')}</p>
      ) : (
        <ol className={styles.thread} aria-label={t('thread.replies')}>
          {contact.comments.map((comment) => (
            <li key={comment.id} className={styles.reply}>
              <p className={styles.replyMeta}>
                {comment.author
                  ? t('thread.replyBy', { name: comment.author.name })
                  : t('thread.supportTeam')}{' '}
                · {formatDateTime(comment.createdAt)}
              </p>
              <p className={styles.replyText}>{comment.content}</p>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
