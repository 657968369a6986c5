import { useTranslation } from 'react-i18next';
import { can } from '../../auth/can';
import { useProfile } from '../../auth/profile-context';
import { usePageTitle } from '../../shell/page-title';
import { Tabs, useUrlTab } from '../../shell/tabs/tabs';
import { RegulationsTab } from '../regulations';
import { RolesTab } from '../roles';
import styles from './configuration.module.css';
import { configurationTabs } from './configuration-api';
import { CurrencyRatesTab } from './currency-rates-tab';
import { ReferenceTab } from './reference-tab';
import { SettingsTab } from './settings-tab';

/**
 * Configuration (/panel/admin/configs): countries, currencies, languages, currency rates and
 * settings in tabs. The tab is kept in the URL (?tab=), with the list's own parameters.
 */
export function ConfigurationPage() {
  const { t } = useTranslation('configuration');
  usePageTitle(t('title'));
  const { profile } = useProfile();
  const canWrite = can(profile, 'configuration', 'write');
  // Tabs of resources other than the configuration show only to roles that may read them.
  const tabs = configurationTabs.filter(
    (tab) => (tab !== 'roles' && tab !== 'regulations') || can(profile, tab, 'read'),
  );
  const [active, choose] = useUrlTab(tabs);

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.heading}>{t('title')}</h1>
          <p className={styles.lead}>{t('lead')}</p>
        </div>
      </header>
      <Tabs
        id="config"
        label={t('tabsLabel')}
        tabs={tabs}
        active={active}
        onChoose={choose}
        labelOf={(tab) => (tab === 'roles' || tab === 'regulations' ? t(`${tab}:tab`) : t(`tabs.${tab}`))}
      >
        {active === 'roles' ? (
          <RolesTab />
        ) : active === 'regulations' ? (
          <RegulationsTab />
        ) : active === 'currency-rates' ? (
          <CurrencyRatesTab canWrite={canWrite} />
        ) : active === 'settings' ? (
          <SettingsTab />
        ) : (
          <ReferenceTab key={active} list={active} canWrite={canWrite} />
        )}
      </Tabs>
    </div>
  );
}
