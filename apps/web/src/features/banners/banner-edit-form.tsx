import { type BannerDto, bannerUpdateBody } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shell/button/button';
import { formFailureText } from '../../shell/form/failure-text';
import type { FieldProps } from '../../shell/form/field-props';
import { TextField } from '../../shell/form/text-field';
import { useApiForm } from '../../shell/form/use-api-form';
import { notify } from '../../shell/toast/notify';
import { WebsiteUrlField } from '../organisations';
import styles from './banners.module.css';
import { useUpdateBanner } from './banners-api';
import { PanelForm } from './panel-form';
import { savedNoticeKey } from './saved-notice';

/** The creative's name and landing page; a new landing page sends an approved creative back to review. */
export function BannerEditForm({ banner }: { banner: BannerDto }) {
  const { t } = useTranslation('banners');
  const update = useUpdateBanner(banner.id);
  const form = useApiForm(bannerUpdateBody, { name: banner.name, landingUrl: banner.landingUrl });
  const field = form.field;
  const onSubmit = form.submit(
    async (body) => {
      const saved = await update.mutateAsync(body);
      form.reset({ name: saved.name, landingUrl: saved.landingUrl });
      notify.success(t(savedNoticeKey(banner, saved)));
    },
    (error) => formFailureText(t, error),
  );
  return (
    <PanelForm
      id="banner-edit-heading"
      heading={t('edit.heading')}
      formError={form.formError}
      onSubmit={onSubmit}
      actions={
        <Button type="submit" loading={form.saving}>
          {t('edit.save')}
        </Button>
      }
    >
      <TextField label={t('edit.name')} autoComplete="off" maxLength={200} {...field('name')} />
      <WebsiteUrlField
        label={t('edit.landingUrl')}
        field={field('landingUrl') as FieldProps}
        readUrl={() => form.getValues('landingUrl')}
        setError={(message) => form.setError('landingUrl', { type: 'server', message })}
        disabled={form.saving}
      />
      {banner.status === 'approved' && <p className={styles.muted}>{t('edit.reviewAgain')}</p>}
    </PanelForm>
  );
}
