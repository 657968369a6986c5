import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../auth/can';
import { newDynamicBannerPath } from '../banners';
import styles from './retargeting-setup.module.css';
import { SetupStep, type StepState } from './setup-step';
import { useDynamicBanners } from './use-setup-data';

/** Step 4: a dynamic product banner is approved (done) or in review (waiting); else the way to make one. */
export function BannerStep() {
  const { t } = useTranslation('retargeting-setup');
  const banners = useDynamicBanners();
  const canWrite = useCan('banners', 'write');
  const { approved, pending } = banners;
  const state: StepState | undefined = !banners.data
    ? undefined
    : approved
      ? 'done'
      : pending
        ? 'waiting'
        : 'todo';
  return (
    <SetupStep
      number={4}
      id="banner"
      title={t('banner.title')}
      state={state}
      error={banners.error}
      onRetry={() => void banners.refetch()}
    >
      <p className={styles.text}>
        {approved
          ? t('banner.done', { name: approved.name })
          : pending
            ? t('banner.waiting', { name: pending.name })
            : t('banner.todo')}
      </p>
      <div className={styles.actions}>
        {canWrite && !approved && !pending && (
          <Link className={styles.action} to={newDynamicBannerPath}>
            {t('banner.create')}
          </Link>
        )}
        <Link className={styles.secondary} to="/panel/advertiser/banners">
          {t('banner.open')}
        </Link>
      </div>
    </SetupStep>
  );
}
