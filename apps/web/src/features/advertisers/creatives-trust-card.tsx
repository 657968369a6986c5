import type { AdvertiserDto } from '@rtb/shared';
import { contract } from '@rtb/shared/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, isApiError } from '../../lib/api-client';
import { CheckField } from '../../shell/form/check-field';
import { failureListText } from '../../shell/form/failure-text';
import { notify } from '../../shell/toast/notify';
import { advertisersKeys, organisationStyles as styles } from '../organisations';

/**
 * The admin's 'Trusted for creatives' switch: a trusted advertiser's creatives are approved
 * without review, and turning it on approves those waiting as well (the API does both in one
 * change). Saved as soon as it is switched; the page shows it only to admins who may write.
 */
export function CreativesTrustCard({ advertiser }: { advertiser: AdvertiserDto }) {
  const { t } = useTranslation('advertisers');
  const client = useQueryClient();
  const [saving, setSaving] = useState(false);
  const id = useId();

  const change = async (trusted: boolean) => {
    setSaving(true);
    try {
      const res = await api.call(contract.advertisers.update, {
        path: { id: advertiser.id },
        body: { name: advertiser.name, creativesTrusted: trusted },
      });
      client.setQueryData(advertisersKeys.detail('admin', advertiser.id), res.data.advertiser);
      // Creatives may have been approved: the review queue and the creatives lists change.
      await client.invalidateQueries({ queryKey: ['banner-reviews'] });
      await client.invalidateQueries({ queryKey: ['banners'] });
      notify.success(t(trusted ? 'trust.on' : 'trust.off'));
    } catch (error) {
      notify.error(isApiError(error) ? failureListText(t, error) : t('common:errors.communication'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={styles.cardHeading}>
        {t('trust.heading')}
      </h2>
      <CheckField
        role="switch"
        label={t('trust.label')}
        checked={advertiser.creativesTrusted}
        disabled={saving}
        aria-describedby={`${id}-explanation`}
        onChange={(event) => void change(event.target.checked)}
      />
      <p id={`${id}-explanation`} className={styles.formNote}>
        {t('trust.explanation')}
      </p>
    </section>
  );
}
