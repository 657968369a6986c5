import { useTranslation } from 'react-i18next';
import { AudiencesStep } from './audiences-step';
import { BannerStep } from './banner-step';
import { CampaignStep } from './campaign-step';
import { FeedStep } from './feed-step';
import styles from './retargeting-setup.module.css';
import { TagStep } from './tag-step';

/**
 * The integrations page's first tab: retargeting set up in five steps (feed, tag, audiences,
 * dynamic banner, campaign), each with its state read from its own API and what to do next;
 * every step shows, whether or not the ones before it are done.
 */
export function RetargetingSetupTab() {
  const { t } = useTranslation('retargeting-setup');
  return (
    <div className={styles.tab}>
      <section className={styles.card} aria-labelledby="retargeting-setup-heading">
        <h2 id="retargeting-setup-heading" className={styles.cardHeading}>
          {t('heading')}
        </h2>
        <p className={styles.cardLead}>{t('lead')}</p>
      </section>
      <ol className={styles.steps} aria-label={t('stepsLabel')}>
        <FeedStep />
        <TagStep />
        <AudiencesStep />
        <BannerStep />
        <CampaignStep />
      </ol>
    </div>
  );
}
