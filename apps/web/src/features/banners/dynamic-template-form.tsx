import { type BannerDto, type DynamicTemplate, dynamicTemplateSchema } from '@rtb/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shell/button/button';
import { formFailureText } from '../../shell/form/failure-text';
import type { FieldProps } from '../../shell/form/field-props';
import { useApiForm } from '../../shell/form/use-api-form';
import { notify } from '../../shell/toast/notify';
import styles from './banners.module.css';
import { useUpdateBannerTemplate } from './banners-api';
import { DynamicTemplateFields } from './dynamic-template-fields';
import { PanelForm } from './panel-form';
import { savedNoticeKey } from './saved-notice';
import { useLiveTemplate } from './use-live-template';

/**
 * A dynamic banner's template in its side panel; `onDraft` hands the edited template to the
 * previews above as it changes. A saved change sends the banner to review again.
 */
export function DynamicTemplateForm({
  banner,
  template,
  onDraft,
}: {
  banner: BannerDto;
  template: DynamicTemplate;
  onDraft: (template: DynamicTemplate) => void;
}) {
  const { t } = useTranslation('banners');
  const update = useUpdateBannerTemplate(banner.id);
  const form = useApiForm(dynamicTemplateSchema, template);
  const field = form.field;
  const values = form.watch();
  const live = useLiveTemplate(values, template);
  useEffect(() => onDraft(live), [live, onDraft]);

  const onSubmit = form.submit(
    async (body) => {
      const saved = await update.mutateAsync(body);
      if (saved.template) form.reset(saved.template);
      notify.success(t(savedNoticeKey(banner, saved)));
    },
    (error) => formFailureText(t, error),
  );
  return (
    <PanelForm
      id="banner-template-heading"
      heading={t('dynamic.templateHeading')}
      formError={form.formError}
      onSubmit={onSubmit}
      actions={
        <Button type="submit" loading={form.saving}>
          {t('dynamic.saveTemplate')}
        </Button>
      }
    >
      <DynamicTemplateFields
        field={(name) => field(name) as FieldProps}
        values={values}
        setValue={(name, value) => form.setValue(name, value, { shouldDirty: true, shouldValidate: true })}
      />
      <p className={styles.muted}>{t('dynamic.templateReview')}</p>
    </PanelForm>
  );
}
