import { bannerMessages, type DynamicTemplate, dynamicBannerBody } from '@rtb/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { issueText } from '../../lib/error-text';
import { Button } from '../../shell/button/button';
import { formFailureText } from '../../shell/form/failure-text';
import type { FieldProps } from '../../shell/form/field-props';
import { FormError } from '../../shell/form/form-error';
import { TextField } from '../../shell/form/text-field';
import { useApiForm } from '../../shell/form/use-api-form';
import { SidePanel } from '../../shell/side-panel/side-panel';
import { notify } from '../../shell/toast/notify';
import { WebsiteUrlField } from '../organisations';
import { logoFileProblem } from './banner-check';
import styles from './banners.module.css';
import { createDynamicBanner, useBannerRules, useRefreshBanners } from './banners-api';
import { DynamicTemplateFields } from './dynamic-template-fields';
import { FeedDynamicPreviews } from './feed-dynamic-previews';
import { LogoField } from './logo-field';
import { useDataUrl } from './use-data-url';
import { useLiveTemplate } from './use-live-template';

/** The form: the banner's fields and template, and the logo (sent as the multipart `file`). */
const schema = dynamicBannerBody.extend({
  file: z.custom<File>((value) => value instanceof File, { message: bannerMessages.fileRequired }),
});
type Values = z.infer<typeof schema>;

/**
 * A new dynamic product banner in a side panel: name, landing page (the shop), layout, colours,
 * call to action and logo (checked here like any upload), with live previews in every allowed
 * size using the shop's products. Saved, it goes to review (`onCreated` opens it).
 */
export function DynamicBannerForm({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const { t } = useTranslation('banners');
  const formId = useId();
  const [closedAt, setClosedAt] = useState<number | null>(null);
  const rules = useBannerRules();
  const refresh = useRefreshBanners();
  const initial: DynamicTemplate = {
    layout: 'trio',
    backgroundColour: '#ffffff',
    textColour: '#1f2937',
    accentColour: '#dc2626',
    callToAction: t('dynamic.defaultCallToAction'),
  };
  const form = useApiForm(schema, { name: '', landingUrl: '', ...initial });
  const field = form.field;
  const values = form.watch();
  const template = useLiveTemplate(values, initial);
  const logoUrl = useDataUrl(values.file);
  const fileError = field('file').error;

  const onFile = (file: File) => {
    const problem = logoFileProblem(file, rules.data);
    if (problem) {
      form.resetField('file');
      form.setError('file', { type: 'manual', message: issueText(t, problem) });
      return;
    }
    form.clearErrors('file');
    form.setValue('file', file, { shouldDirty: true });
  };

  const onSubmit = form.submit(
    async ({ file, ...body }: Values) => {
      const banner = await createDynamicBanner(body, file);
      refresh(banner);
      notify.success(t(banner.status === 'approved' ? 'dynamic.createdApproved' : 'dynamic.created'));
      return () => onCreated(banner.id);
    },
    (error) => formFailureText(t, error),
  );

  return (
    <SidePanel
      onClose={onClose}
      closeTimestamp={closedAt}
      size="xlarge"
      title={t('dynamic.createTitle')}
      footer={
        <div className={styles.formActions}>
          <Button variant="outline" color="white" onClick={() => setClosedAt(Date.now())}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" form={formId} loading={form.saving} data-testid="dynamic-banner-save">
            {t('dynamic.save')}
          </Button>
        </div>
      }
    >
      <p className={styles.cardLead}>{t('dynamic.lead')}</p>
      <form id={formId} onSubmit={onSubmit} noValidate aria-label={t('dynamic.createTitle')}>
        <FormError message={form.formError} />
        <TextField label={t('dynamic.name')} autoComplete="off" maxLength={200} {...field('name')} />
        <WebsiteUrlField
          label={t('dynamic.landingUrl')}
          field={field('landingUrl') as FieldProps}
          readUrl={() => form.getValues('landingUrl')}
          setError={(message) => form.setError('landingUrl', { type: 'server', message })}
          disabled={form.saving}
        />
        <DynamicTemplateFields
          field={(name) => field(name) as FieldProps}
          values={values}
          setValue={(name, value) => form.setValue(name, value, { shouldDirty: true, shouldValidate: true })}
        />
        <LogoField file={values.file} error={fileError} disabled={form.saving} onFile={onFile} />
      </form>
      <FeedDynamicPreviews template={template} logoUrl={logoUrl} landingUrl={values.landingUrl} />
    </SidePanel>
  );
}
