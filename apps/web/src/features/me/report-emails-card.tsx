import { contract } from '@rtb/shared/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { api, isApiError } from '../../lib/api-client';
import { CheckField } from '../../shell/form/check-field';
import { formFailureText } from '../../shell/form/failure-text';
import { notify } from '../../shell/toast/notify';
import styles from './me-page.module.css';

const key = ['me', 'report-emails'] as const;

/**
 * The advertiser user's own weekly report e-mail: a switch, saved as soon as it is flipped. The
 * page shows it only to users who may read reports (the API refuses the others).
 */
export function ReportEmailsCard() {
  const { t } = useTranslation('me');
  const client = useQueryClient();
  const id = useId();
  const [saving, setSaving] = useState(false);
  const settings = useQuery({
    queryKey: key,
    queryFn: async () => (await api.call(contract.me.reportEmails)).data.reportEmails,
  });

  const change = async (weekly: boolean) => {
    setSaving(true);
    try {
      const res = await api.call(contract.me.setReportEmails, { body: { weekly } });
      client.setQueryData(key, res.data.reportEmails);
      notify.success(t(weekly ? 'reportEmails.on' : 'reportEmails.off'));
    } catch (error) {
      notify.error((isApiError(error) && formFailureText(t, error)) || t('common:errors.communication'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={styles.cardHeading}>
        {t('reportEmails.heading')}
      </h2>
      <p id={`${id}-lead`} className={styles.cardLead}>
        {t('reportEmails.lead')}
      </p>
      {settings.isError ? (
        <p role="alert">{t('reportEmails.loadFailed')}</p>
      ) : (
        <CheckField
          role="switch"
          label={t('reportEmails.weekly')}
          checked={settings.data?.weekly ?? false}
          disabled={saving || settings.isPending}
          aria-describedby={`${id}-lead`}
          onChange={(event) => void change(event.target.checked)}
        />
      )}
    </section>
  );
}
