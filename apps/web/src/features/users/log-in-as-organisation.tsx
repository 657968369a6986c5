import { useTranslation } from 'react-i18next';
import { LogInAsButton } from './log-in-as-button';
import styles from './users.module.css';
import type { LogInAsPlace } from './users-api';

/**
 * "Log in as" the organisation itself (its oldest active administrator), to work in its panel;
 * the sub-account bar leads back.
 */
export function LogInAsOrganisation({
  place,
  organisationId,
  name,
}: {
  place: LogInAsPlace;
  organisationId: number;
  name: string;
}) {
  const { t } = useTranslation('users');
  return (
    <section className={styles.card} aria-labelledby="log-in-as-organisation-heading">
      <h2 id="log-in-as-organisation-heading" className={styles.cardHeading}>
        {t('organisation.heading', { context: place.kind })}
      </h2>
      <p className={styles.cardLead}>{t('organisation.lead', { context: place.panel })}</p>
      <LogInAsButton color="info" place={place} organisationId={organisationId} name={name}>
        {t('organisation.button', { context: place.kind })}
      </LogInAsButton>
    </section>
  );
}
