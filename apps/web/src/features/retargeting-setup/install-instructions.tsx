import type { TagSettings } from '@rtb/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Tabs } from '../../shell/tabs/tabs';
import { CopyableCode } from '../tags';
import { integrationsTabPath } from './paths';
import { type InstallPlatform, installPlatforms, platformCode } from './platform-snippets';
import styles from './retargeting-setup.module.css';

/**
 * How to install the tag on the common shop platforms (Google Tag Manager, Shopify, WooCommerce,
 * PrestaShop), one a tab: where the code goes, step by step, and the code with the advertiser's
 * own snippet and a Copy button. The Tags tab describes every event.
 */
export function InstallInstructions({ tag }: { tag: Pick<TagSettings, 'snippet'> }) {
  const { t } = useTranslation('retargeting-setup');
  const [platform, choose] = useState<InstallPlatform>('gtm');
  const steps = t(`install.${platform}.steps`, { returnObjects: true }) as string[];
  return (
    <div className={styles.platform}>
      <p className={styles.text}>{t('install.lead')}</p>
      <Tabs
        id="install-platform"
        label={t('install.label')}
        tabs={installPlatforms}
        active={platform}
        onChoose={choose}
        labelOf={(id) => t(`install.${id}.name`)}
      >
        <ol>
          {steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        {platformCode(platform, tag.snippet).map((block) => (
          <CopyableCode
            key={block.key}
            level={4}
            label={t(`install.${platform}.code.${block.key}`)}
            code={block.code}
            failed={t('install.copyFailed')}
          />
        ))}
        <p className={styles.text}>
          {t('install.more')} <Link to={integrationsTabPath('tags')}>{t('install.moreLink')}</Link>
        </p>
      </Tabs>
    </div>
  );
}
