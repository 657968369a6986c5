import { predictionModelKinds } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../shell/page-title';
import { Tabs, useUrlTab } from '../../shell/tabs/tabs';
import { KindModels } from './kind-models';
import styles from './prediction-models.module.css';

/**
 * Prediction models (/panel/admin/prediction-models): the click and conversion models the bidder
 * prices outcome goals with, a tab each (`?kind=`): the version in use, the quality of the
 * versions over time, every version in a table and the calibration plot of a chosen one.
 */
export function PredictionModelsPage() {
  const { t } = useTranslation('prediction-models');
  usePageTitle(t('title'));
  const [kind, choose] = useUrlTab(predictionModelKinds, 'kind');

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.heading}>{t('title')}</h1>
          <p className={styles.lead}>{t('lead')}</p>
        </div>
      </header>
      <Tabs
        id="models"
        label={t('kindsLabel')}
        tabs={predictionModelKinds}
        active={kind}
        onChoose={choose}
        labelOf={(tab) => t(`kinds.${tab}`)}
      >
        <KindModels key={kind} kind={kind} />
      </Tabs>
    </div>
  );
}
