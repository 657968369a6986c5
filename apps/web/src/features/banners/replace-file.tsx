import type { BannerDto } from '@rtb/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DropZone } from '../../shell/form/drop-zone';
import { notify } from '../../shell/toast/notify';
import { bannerAccept, bannerFileProblem, logoAccept, logoFileProblem } from './banner-check';
import styles from './banners.module.css';
import { useBannerRules, useReplaceBannerFile } from './banners-api';
import { UploadRow } from './upload-row';
import type { UploadItem } from './use-upload-queue';

/**
 * A new file for the creative (a dynamic banner's logo), checked here first and uploaded with its
 * progress; it goes back to review.
 */
export function ReplaceFile({ banner }: { banner: BannerDto }) {
  const { t } = useTranslation('banners');
  const rules = useBannerRules();
  const replace = useReplaceBannerFile(banner.id);
  const [item, setItem] = useState<UploadItem | null>(null);
  const logo = banner.type === 'dynamic';
  const texts = logo ? 'replaceLogo' : 'replace';

  const onFiles = async ([file]: File[]) => {
    if (!file) return;
    const problem = (logo ? logoFileProblem : bannerFileProblem)(file, rules.data);
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
      notify.success(t(`${texts}.done`));
    } catch (error) {
      setItem((current) => current && { ...current, state: 'failed', error });
    }
  };

  return (
    <section className={styles.panelSection} aria-labelledby="banner-replace-heading">
      <h3 id="banner-replace-heading" className={styles.panelHeading}>
        {t(`${texts}.heading`)}
      </h3>
      <p className={styles.muted}>{t(`${texts}.lead`)}</p>
      <DropZone
        label={t(`${texts}.choose`)}
        hint={t('replace.hint')}
        accept={logo ? logoAccept : bannerAccept}
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
