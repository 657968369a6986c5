import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-client';
import { Button } from '../../shell/button/button';
import { failureListText } from '../../shell/form/failure-text';
import { notify } from '../../shell/toast/notify';
import { logInAs } from './log-in-as';
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
  const [entering, setEntering] = useState(false);
  // On success the page reloads into the organisation's panel, so the button stays busy until then.
  const enter = async () => {
    setEntering(true);
    try {
      await logInAs(place, { organisationId });
    } catch (error) {
      notify.error(isApiError(error) ? failureListText(t, error) : t('common:errors.communication'));
      setEntering(false);
    }
  };
  return (
    <section className={styles.card} aria-labelledby="log-in-as-organisation-heading">
      <h2 id="log-in-as-organisation-heading" className={styles.cardHeading}>
        {t('organisation.heading', { context: place.kind })}
      </h2>
      <p className={styles.cardLead}>{t('organisation.lead', { context: place.panel })}</p>
      <Button
        color="info"
        loading={entering}
        confirm={t('actions.logInAsConfirm', { name, context: place.panel })}
        onClick={enter}
      >
        {t('organisation.button', { context: place.kind })}
      </Button>
    </section>
  );
}
