import { bannerUploadBody } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../../lib/format';
import { Button } from '../../shell/button/button';
import { DropZone } from '../../shell/form/drop-zone';
import { failureText } from '../../shell/form/failure-text';
import type { FieldProps } from '../../shell/form/field-props';
import { useApiForm } from '../../shell/form/use-api-form';
import { WebsiteUrlField } from '../organisations';
import { bannerAccept } from './banner-check';
import styles from './banners.module.css';
import { useBannerRules } from './banners-api';
import { UploadRow } from './upload-row';
import { useUploadQueue } from './use-upload-queue';

const landingSchema = bannerUploadBody.pick({ landingUrl: true });

/**
 * New creatives: the landing page of the batch (checked like the advertiser's website), the
 * allowed sizes and limits, and files dropped or picked. Each file is checked here, then
 * uploaded in its own request with its progress; a refused file says why and the others go on.
 */
export function UploadArea() {
  const { t } = useTranslation('banners');
  const rules = useBannerRules();
  const queue = useUploadQueue(rules.data);
  const form = useApiForm(landingSchema, { landingUrl: '' });
  const field = form.field;
  const waiting = queue.items.filter((item) => item.state === 'chosen').length;

  const onSubmit = form.submit(async ({ landingUrl }) => {
    await queue.upload(landingUrl);
  });

  return (
    <section className={styles.card} aria-labelledby="banner-upload-heading">
      <h2 id="banner-upload-heading" className={styles.cardHeading}>
        {t('upload.heading')}
      </h2>
      {rules.data ? (
        <div className={styles.rules}>
          <p className={styles.cardLead}>
            {t('upload.rules', {
              max: formatFileSize(rules.data.maxFileBytes),
              files: rules.data.html5MaxFiles,
              unpacked: formatFileSize(rules.data.html5MaxUnpackedBytes),
            })}
          </p>
          <p className={styles.sizesLabel}>{t('upload.sizes')}</p>
          <ul className={styles.sizes} aria-label={t('upload.sizes')}>
            {rules.data.sizes.map((size) => (
              <li key={size}>{size}</li>
            ))}
          </ul>
          <p className={styles.muted}>{t('upload.retina')}</p>
        </div>
      ) : rules.isError ? (
        <p className={styles.uploadError} role="alert">
          {failureText(t, rules.error)}
        </p>
      ) : null}
      <form onSubmit={onSubmit} noValidate>
        <WebsiteUrlField
          label={t('upload.landingUrl')}
          field={field('landingUrl') as FieldProps}
          readUrl={() => form.getValues('landingUrl')}
          setError={(message) => form.setError('landingUrl', { type: 'server', message })}
          disabled={queue.running}
        />
        <DropZone
          label={t('upload.choose')}
          hint={t('upload.dropHint')}
          accept={bannerAccept}
          multiple
          disabled={queue.running}
          onFiles={queue.add}
        />
        {queue.items.length > 0 && (
          <ul className={styles.uploads} aria-label={t('upload.filesLabel')}>
            {queue.items.map((item) => (
              <UploadRow key={item.key} item={item} onRemove={() => queue.remove(item.key)} />
            ))}
          </ul>
        )}
        {queue.summary && (
          <p className={styles.summary} role="status">
            {t('upload.summary', { count: queue.summary.uploaded })}
            {queue.summary.refused > 0 && ` ${t('upload.summaryRefused', { count: queue.summary.refused })}`}
          </p>
        )}
        <div className={styles.formActions}>
          {queue.items.length > 0 && !queue.running && (
            <Button variant="outline" color="white" onClick={queue.clear}>
              {t('upload.clear')}
            </Button>
          )}
          <Button type="submit" loading={queue.running} disabled={waiting === 0}>
            {waiting ? t('upload.submit', { count: waiting }) : t('upload.submitNone')}
          </Button>
        </div>
      </form>
    </section>
  );
}
