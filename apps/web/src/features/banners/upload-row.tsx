import { useTranslation } from 'react-i18next';
import { issueText } from '../../lib/error-text';
import { formatFileSize } from '../../lib/format';
import { Button } from '../../shell/button/button';
import { ProgressBar } from '../../shell/progress-bar/progress-bar';
import styles from './banners.module.css';
import { BannerStatusBadge } from './status-badge';
import { uploadErrorText } from './upload-error';
import type { UploadItem } from './use-upload-queue';

/** One file of a batch: its name and size, its progress while it uploads, and its outcome. */
export function UploadRow({ item, onRemove }: { item: UploadItem; onRemove?: () => void }) {
  const { t } = useTranslation('banners');
  const name = item.file.name;
  const reason =
    item.state === 'refused' && item.problem
      ? issueText(t, item.problem)
      : item.state === 'failed'
        ? uploadErrorText(t, item.error)
        : null;
  return (
    <li className={styles.uploadRow} data-state={item.state}>
      <div className={styles.uploadHead}>
        <span className={styles.uploadName}>{name}</span>
        <span className={styles.muted}>{formatFileSize(item.file.size)}</span>
        <span className={styles.uploadState}>
          {t(`upload.state.${item.state}`)}
          {item.banner && <BannerStatusBadge status={item.banner.status} />}
        </span>
        {onRemove && (item.state === 'chosen' || item.state === 'refused') && (
          <Button
            size="tiny"
            variant="outline"
            color="white"
            aria-label={t('upload.removeNamed', { name })}
            onClick={onRemove}
          >
            {t('upload.remove')}
          </Button>
        )}
      </div>
      {(item.state === 'uploading' || item.state === 'uploaded') && (
        <ProgressBar
          value={Math.round(item.progress * 100)}
          label={t('upload.progress', { name })}
          valueText={`${Math.round(item.progress * 100)}%`}
        />
      )}
      {reason && (
        <p className={styles.uploadError} role="alert">
          {reason}
        </p>
      )}
    </li>
  );
}
