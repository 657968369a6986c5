import { useTranslation } from 'react-i18next';
import { Button } from '../../shell/button/button';
import styles from './banners.module.css';

/** Next to the upload area: what a dynamic product banner is, and the way to make one. */
export function DynamicBannerCard({ onCreate }: { onCreate: () => void }) {
  const { t } = useTranslation('banners');
  return (
    <section className={styles.sectionCard} aria-labelledby="dynamic-banner-heading">
      <h2 id="dynamic-banner-heading" className={styles.cardHeading}>
        {t('dynamic.heading')}
      </h2>
      <p className={styles.cardLead}>{t('dynamic.intro')}</p>
      <Button onClick={onCreate} data-testid="dynamic-banner-create">
        {t('dynamic.create')}
      </Button>
    </section>
  );
}
