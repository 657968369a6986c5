import type { BannerDto, BannerStatusBody } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shell/button/button';
import { failureText } from '../../shell/form/failure-text';
import { notify } from '../../shell/toast/notify';
import styles from './banners.module.css';
import { useChangeBannerStatus } from './banners-api';

/** Archive a creative, or restore an archived one (both back to review unless trusted). */
export function BannerStatusActions({ banner }: { banner: BannerDto }) {
  const { t } = useTranslation('banners');
  const archived = banner.status === 'archived';
  const { run, pending } = useStatusChange(banner);
  return (
    <div className={styles.panelActions}>
      {archived ? (
        <Button
          variant="outline"
          color="info"
          loading={pending}
          onClick={() => void run('pending', 'actions.restored')}
        >
          {t('actions.restore')}
        </Button>
      ) : (
        <Button
          variant="outline"
          color="danger"
          loading={pending}
          confirm={t('actions.archiveConfirm')}
          onClick={() => void run('archived', 'actions.archived')}
        >
          {t('actions.archive')}
        </Button>
      )}
    </div>
  );
}

/** Sends a rejected creative to review again, as it is now. */
export function ResubmitButton({ banner }: { banner: BannerDto }) {
  const { t } = useTranslation('banners');
  const { run, pending } = useStatusChange(banner);
  return (
    <Button loading={pending} onClick={() => void run('pending', 'actions.resubmitted')}>
      {t('actions.resubmit')}
    </Button>
  );
}

function useStatusChange(banner: BannerDto) {
  const { t } = useTranslation('banners');
  const change = useChangeBannerStatus(banner.id);
  const run = async (status: BannerStatusBody['status'], done: string) => {
    try {
      const saved = await change.mutateAsync(status);
      notify.success(t(done, { status: t(`status.${saved.status}`) }));
    } catch (error) {
      notify.error(failureText(t, error));
    }
  };
  return { run, pending: change.isPending };
}
