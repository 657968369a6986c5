import { contract } from '@rtb/shared/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { api, isApiError } from '../../lib/api-client';
import { CheckField } from '../../shell/form/check-field';
import { formFailureText } from '../../shell/form/failure-text';
import { notify } from '../../shell/toast/notify';
import styles from './me-page.module.css';

/**
 * The agency or advertiser user's own daily alert digest (the overview's alerts by e-mail): a
 * checkbox, saved as soon as it is ticked. The page shows it only to users who may read what the
 * digest tells (an agency's advertisers, an advertiser's campaigns); the API refuses the others.
 */
export function AlertDigestCard({ kind }: { kind: 'agency' | 'advertiser' }) {
  const { t } = useTranslation('me');
  const client = useQueryClient();
  const id = useId();
  const [saving, setSaving] = useState(false);
  const key = ['me', 'alert-digest', kind] as const;
  const settings = useQuery({
    queryKey: key,
    queryFn: async () =>
      (await api.call(contract.me.alertDigest, { path: { panel: kind } })).data.alertDigest,
  });

  const change = async (daily: boolean) => {
    setSaving(true);
    try {
      const res = await api.call(contract.me.setAlertDigest, { path: { panel: kind }, body: { daily } });
      client.setQueryData(key, res.data.alertDigest);
      notify.success(t(daily ? 'alertDigest.on' : 'alertDigest.off'));
    } catch (error) {
      notify.error((isApiError(error) && formFailureText(t, error)) || t('common:errors.communication'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={styles.cardHeading}>
        {t('alertDigest.heading')}
      </h2>
      <p id={`${id}-lead`} className={styles.cardLead}>
        {t(kind === 'agency' ? 'alertDigest.leadAgency' : 'alertDigest.leadAdvertiser')}
      </p>
      {settings.isError ? (
        <p role="alert">{t('alertDigest.loadFailed')}</p>
      ) : (
        <CheckField
          label={t('alertDigest.daily')}
          checked={settings.data?.daily ?? false}
          disabled={saving || settings.isPending}
          aria-describedby={`${id}-lead`}
          onChange={(event) => void change(event.target.checked)}
        />
      )}
    </section>
  );
}
