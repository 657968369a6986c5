import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../../lib/format';
import { DropZone } from '../../shell/form/drop-zone';
import { logoAccept } from './banner-check';
import styles from './banners.module.css';

/** A dynamic banner's logo in a form (field `file`): picked or dropped, what was chosen, and its error. */
export function LogoField({
  file,
  error,
  disabled,
  onFile,
}: {
  file: File | undefined;
  error: string | undefined;
  disabled: boolean;
  onFile: (file: File) => void;
}) {
  const { t } = useTranslation('banners');
  const errorId = useId();
  return (
    <div className={styles.logoField}>
      <p className={styles.sizesLabel}>{t('dynamic.logo.label')}</p>
      <DropZone
        label={t('dynamic.logo.choose')}
        hint={t('dynamic.logo.hint')}
        accept={logoAccept}
        name="file"
        errorId={error ? errorId : undefined}
        disabled={disabled}
        onFiles={([chosen]) => chosen && onFile(chosen)}
      />
      {file && !error && (
        <p className={styles.muted}>
          {t('dynamic.logo.chosen', { name: file.name, size: formatFileSize(file.size) })}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.uploadError} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
