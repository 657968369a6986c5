import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCan } from '../../auth/can';
import { Button } from '../../shell/button/button';
import { usePageTitle } from '../../shell/page-title';
import { BannerList } from './banner-list';
import { BannerPanel } from './banner-panel';
import styles from './banners.module.css';
import { useOpenBanner } from './banners-api';
import { DynamicBannerCard } from './dynamic-banner-card';
import { DynamicBannerForm } from './dynamic-banner-form';
import { UploadArea } from './upload-area';

/**
 * The advertiser's creatives (/panel/advertiser/banners): the upload area and the way to a
 * dynamic product banner (with `banners:write`), the list, and one creative in a side panel
 * (`?banner=<id>`). `?new=dynamic` (`newDynamicBannerPath`) opens the dynamic banner's form on arrival.
 */
export function BannersPage() {
  const { t } = useTranslation('banners');
  usePageTitle(t('shell:pages.banners'));
  const canWrite = useCan('banners', 'write');
  const [openId, setOpen] = useOpenBanner();
  const [searchParams] = useSearchParams();
  const [creatingDynamic, setCreatingDynamic] = useState(
    () => canWrite && searchParams.get('new') === 'dynamic',
  );
  const upload = useRef<HTMLDivElement>(null);
  const toUpload = () => {
    upload.current?.scrollIntoView?.({ block: 'start' });
    upload.current?.querySelector('input')?.focus();
  };
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.heading}>{t('shell:pages.banners')}</h1>
          <p className={styles.lead}>{t('lead')}</p>
        </div>
      </header>
      {canWrite && (
        <div ref={upload}>
          <UploadArea />
        </div>
      )}
      {canWrite && <DynamicBannerCard onCreate={() => setCreatingDynamic(true)} />}
      <BannerList
        onOpen={setOpen}
        uploadCall={canWrite ? <Button onClick={toUpload}>{t('list.uploadCall')}</Button> : undefined}
      />
      {openId !== null && <BannerPanel id={openId} onClose={() => setOpen(null)} />}
      {creatingDynamic && (
        <DynamicBannerForm
          onClose={() => setCreatingDynamic(false)}
          onCreated={(id) => {
            setCreatingDynamic(false);
            setOpen(id);
          }}
        />
      )}
    </div>
  );
}
