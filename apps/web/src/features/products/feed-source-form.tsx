import { feedSchedules, type ProductFeed, type ProductFeedBody, productFeedBody } from '@rtb/shared';
import type { DefaultValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shell/button/button';
import { FormError } from '../../shell/form/form-error';
import { SelectField } from '../../shell/form/select-field';
import { TextField } from '../../shell/form/text-field';
import { useApiForm } from '../../shell/form/use-api-form';
import { notify } from '../../shell/toast/notify';
import { FeedUpload } from './feed-upload';
import styles from './products.module.css';
import { saveProductFeed, useSaveProductFeed } from './products-api';

/** The form's values: both sources' fields, so switching back and forth keeps what was typed. */
const defaultsOf = (feed: ProductFeed | null) =>
  ({
    source: feed?.source ?? 'url',
    url: feed?.url ?? '',
    schedule: feed?.schedule ?? 'daily',
  }) as DefaultValues<ProductFeedBody>;

/**
 * Where the feed comes from: a URL fetched hourly or daily (saved with `productFeedBody`; the
 * server's field errors land on the fields), or a file uploaded here, which also sets the source.
 */
export function FeedSourceForm({
  feed,
  onDone,
  onCancel,
}: {
  feed: ProductFeed | null;
  onDone?: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('products');
  const save = useSaveProductFeed();
  const form = useApiForm(productFeedBody, defaultsOf(feed));
  const field = form.field;
  const source = form.watch('source');

  const onSubmit = form.submit(async (body) => {
    await save.mutateAsync(body);
    notify.success(t('source.saved'));
    onDone?.();
  });

  return (
    <section className={styles.card} aria-labelledby="feed-source-heading">
      <h2 id="feed-source-heading" className={styles.cardHeading}>
        {feed ? t('source.heading') : t('source.headingFirst')}
      </h2>
      <form onSubmit={onSubmit} noValidate>
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{t('source.legend')}</legend>
          <div className={styles.radios}>
            {(['url', 'upload'] as const).map((option) => (
              <label key={option} className={styles.radio}>
                <input type="radio" value={option} {...form.register('source')} />
                <span>
                  {t(`source.${option}`)}
                  <small>{t(`source.${option}Hint`)}</small>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        {source === 'url' && (
          <>
            <div className={styles.row}>
              <TextField
                label={t('source.address')}
                hint={t('source.addressHint')}
                type="url"
                inputMode="url"
                autoComplete="url"
                placeholder="https://"
                {...field('url')}
              />
              <SelectField
                label={t('source.schedule')}
                options={feedSchedules.map((value) => ({ value, label: t(`source.schedules.${value}`) }))}
                {...field('schedule')}
              />
            </div>
            <FormError message={form.formError} />
            <div className={styles.formActions}>
              {onCancel && (
                <Button variant="outline" color="white" onClick={onCancel}>
                  {t('source.cancel')}
                </Button>
              )}
              <Button type="submit" loading={form.saving}>
                {t('source.save')}
              </Button>
            </div>
          </>
        )}
      </form>
      {source === 'upload' && (
        <>
          <FeedUpload
            label={t('upload.choose')}
            // The feed is read again once the file is in (not before: this form would go away meanwhile).
            prepare={feed?.source === 'upload' ? undefined : () => saveProductFeed({ source: 'upload' })}
            onUploaded={onDone}
          />
          {onCancel && (
            <div className={styles.formActions}>
              <Button variant="outline" color="white" onClick={onCancel}>
                {t('source.cancel')}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
