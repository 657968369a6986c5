import { viewAreas } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { failureText } from '../../shell/form/failure-text';
import styles from './rtb-views.module.css';
import { useViewStatus } from './rtb-views-api';
import { StatusBadge } from './status-badge';
import { areaMessage, areaPath } from './status-texts';

/**
 * The five integration areas as a list on a page (the side bar's panel as a card): each with its
 * status, its message and a link to where it is set up.
 */
export function IntegrationAreas({ heading }: { heading: string }) {
  const { t } = useTranslation('rtb-views');
  const status = useViewStatus(true);
  return (
    <section className={styles.areasCard} aria-labelledby="integration-areas-heading">
      <h2 id="integration-areas-heading" className={styles.areasHeading}>
        {heading}
      </h2>
      {status.isPending && <p role="status">{t('checking')}</p>}
      {status.isError && <p role="alert">{failureText(t, status.error)}</p>}
      {status.data && (
        <ul className={styles.areas}>
          {viewAreas.map((area) => {
            const view = status.data[area];
            return (
              <li key={area} className={styles.areaRow}>
                <span className={styles.areaHead}>
                  <Link className={styles.areaName} to={areaPath[area]}>
                    {t(`areas.${area}`)}
                  </Link>
                  <StatusBadge status={view.commonStatus} />
                </span>
                <span className={styles.areaMessage}>{areaMessage(t, view)}</span>
                {view.requiresAction && (
                  <span className={styles.areaNotes}>
                    <span className={styles.action}>{t('requiresAction')}</span>
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
