import type { BannerDto } from '@rtb/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../shell/toast/notify';
import { bannerAccept, bannerFileProblem } from './banner-check';
import styles from './banners.module.css';
import { useBannerRules, useReplaceBannerFile } from './banners-api';
import { DropZone } from './drop-zone';
import { UploadRow } from './upload-row';
import type { UploadItem } from './use-upload-queue';

/** A new file for the creative (checked here first, uploaded with its progress); it goes back to review. */
export function ReplaceFile({ banner }: { banner: BannerDto }) {
  const { t } = useTranslation('banners');
  const rules = useBannerRules();
  const replace = useReplaceBannerFile(banner.id);
  const [item, setItem] = useState<UploadItem | null>(null);

  const onFiles = async ([file]: File[]) => {
    if (!file) return;
    const problem = bannerFileProblem(file, rules.data);
    const base: UploadItem = {
      key: 1,
      file,
      state: 'uploading',
      progress: 0,
      problem,
      error: null,
      banner: null,
    };
    if (problem) {
      setItem({ ...base, state: 'refused' });
      return;
    }
    setItem(base);
    try {
      const saved = await replace.mutateAsync({
        file,
        onProgress: ({ loaded, total }) =>
          setItem((current) => current && { ...current, progress: total ? loaded / total : 0 }),
      });
      setItem((current) => current && { ...current, state: 'uploaded', progress: 1, banner: saved });
      notify.success(t('replace.done'));
    } catch (error) {
      setItem((current) => current && { ...current, state: 'failed', error });
    }
  };

  return (
    <section className={styles.panelSection} aria-labelledby="banner-replace-heading">
      <h3 id="banner-replace-heading" className={styles.panelHeading}>
        {t('replace.heading')}
      </h3>
      <p className={styles.muted}>{t('replace.lead')}</p>
      <DropZone
        label={t('replace.choose')}
        hint={t('replace.hint')}
        accept={bannerAccept}
        disabled={replace.isPending}
        onFiles={(files) => void onFiles(files)}
      />
      {item && (
        <ul className={styles.uploads} aria-label={t('replace.fileLabel')}>
          <UploadRow item={item} />
        </ul>
      )}
    </section>
  );
}
