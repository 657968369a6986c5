import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize, formatNumber } from '../../lib/format';
import { DropZone } from '../../shell/form/drop-zone';
import { failureText } from '../../shell/form/failure-text';
import { ProgressBar } from '../../shell/progress-bar/progress-bar';
import styles from './products.module.css';
import { uploadFeedFile, useRefreshProducts } from './products-api';

/** What the browser may offer in its picker; the server reads the content, whatever the name. */
const feedAccept = '.xml,.csv,.tsv,.txt,.gz,text/xml,application/xml,text/csv,text/tab-separated-values';

type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; file: File; sent: number }
  | { phase: 'done'; file: File }
  | { phase: 'failed'; file: File; error: unknown };

/**
 * A feed file dropped or picked, sent with its progress (XMLHttpRequest reports it); the import
 * then runs on the server and the tab follows it. `prepare` runs first (the first upload sets the
 * feed's source).
 */
export function FeedUpload({
  label,
  prepare,
  onUploaded,
}: {
  label: string;
  prepare?: () => Promise<unknown>;
  onUploaded?: () => void;
}) {
  const { t } = useTranslation('products');
  const refresh = useRefreshProducts();
  const [state, setState] = useState<UploadState>({ phase: 'idle' });

  const upload = async ([file]: File[]) => {
    if (!file) return;
    setState({ phase: 'uploading', file, sent: 0 });
    try {
      await prepare?.();
      await uploadFeedFile(file, ({ loaded, total }) =>
        setState({ phase: 'uploading', file, sent: total ? loaded / total : 0 }),
      );
      setState({ phase: 'done', file });
      await refresh();
      onUploaded?.();
    } catch (error) {
      setState({ phase: 'failed', file, error });
    }
  };

  const percent = state.phase === 'uploading' ? Math.round(state.sent * 100) : 0;
  return (
    <div>
      <DropZone
        label={label}
        hint={t('upload.hint')}
        accept={feedAccept}
        disabled={state.phase === 'uploading'}
        onFiles={upload}
      />
      {state.phase === 'uploading' && (
        <>
          <ProgressBar
            value={percent}
            label={t('upload.progress', { name: state.file.name })}
            valueText={t('upload.progressText', {
              percent: formatNumber(percent),
              size: formatFileSize(state.file.size),
            })}
          />
          <p className={styles.muted} aria-hidden="true">
            {t('upload.progressText', {
              percent: formatNumber(percent),
              size: formatFileSize(state.file.size),
            })}
          </p>
        </>
      )}
      {state.phase === 'done' && (
        <p className={styles.status} role="status">
          {t('upload.done', { name: state.file.name })}
        </p>
      )}
      {state.phase === 'failed' && (
        <p className={styles.uploadError} role="alert">
          {t('upload.failed', {
            name: state.file.name,
            reason: failureText(t, state.error),
          })}
        </p>
      )}
    </div>
  );
}
