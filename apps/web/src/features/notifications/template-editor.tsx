import { type EmailTemplateDto, updateEmailTemplateBody } from '@rtb/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '../../shell/button/button';
import { formFailureText } from '../../shell/form/failure-text';
import formStyles from '../../shell/form/form.module.css';
import { FormError } from '../../shell/form/form-error';
import { TextField } from '../../shell/form/text-field';
import { TextAreaField } from '../../shell/form/textarea-field';
import { useApiForm } from '../../shell/form/use-api-form';
import { notify } from '../../shell/toast/notify';
import { EmailPreview } from './email-preview';
import { failureText } from './messages';
import styles from './notifications.module.css';
import { useSaveEmailTemplate, useTemplatePreview } from './notifications-api';
import { useDebouncedValue } from './use-debounced-value';

/** How long the editor waits after the last keystroke before rendering the preview again. */
export const PREVIEW_DELAY_MS = 400;

/**
 * A template's subject and HTML with a live preview below: what is typed is rendered with
 * sample values of the template's key, shortly after typing stops. Saving checks the placeholders on
 * the server; its errors land on the fields. Without the write permission the fields are read-only.
 */
export function TemplateEditor({
  template,
  canWrite,
  onSaved,
}: {
  template: EmailTemplateDto;
  canWrite: boolean;
  onSaved: () => void;
}) {
  const { t } = useTranslation('notifications');
  const save = useSaveEmailTemplate(template.id);
  const form = useApiForm(updateEmailTemplateBody, { subject: template.subject, html: template.html });

  const subject = useDebouncedValue(form.watch('subject'), PREVIEW_DELAY_MS);
  const html = useDebouncedValue(form.watch('html'), PREVIEW_DELAY_MS);
  const draft = useMemo(
    () => ({ key: template.key, locale: template.locale, subject, html }),
    [template.key, template.locale, subject, html],
  );
  const preview = useTemplatePreview(draft);

  const field = form.field;

  const onSubmit = form.submit(
    async (values) => {
      const saved = await save.mutateAsync(values);
      form.reset({ subject: saved.subject, html: saved.html });
      notify.success(t('editor.saved'));
      onSaved();
    },
    (error) => formFailureText(t, error),
  );

  return (
    <form
      className={styles.editor}
      onSubmit={canWrite ? onSubmit : (event) => event.preventDefault()}
      noValidate
    >
      <FormError message={form.formError} />
      <TextField label={t('editor.subject')} readOnly={!canWrite} autoComplete="off" {...field('subject')} />
      <TextAreaField
        label={t('editor.html')}
        readOnly={!canWrite}
        rows={12}
        inputClassName={styles.source}
        spellCheck={false}
        {...field('html')}
      />
      <section aria-labelledby="template-placeholders">
        <h3 id="template-placeholders" className={styles.sectionHeading}>
          {t('editor.placeholders')}
        </h3>
        <p className={styles.muted}>{t('editor.placeholdersHint')}</p>
        <ul className={styles.placeholders}>
          {template.placeholders.map((placeholder) => (
            <li key={placeholder.name} className={styles.placeholder}>
              <code>{`{{${placeholder.name}}}`}</code>
              {placeholder.required && <span className={styles.required}>{t('editor.required')}</span>}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="template-preview" aria-busy={preview.isFetching || undefined}>
        <h3 id="template-preview" className={styles.sectionHeading}>
          {t('editor.preview')}
          {preview.isFetching && <span className={styles.muted}> · {t('editor.updating')}</span>}
        </h3>
        {preview.isError ? (
          <p className={formStyles.formError} role="alert">
            {failureText(t, preview.error)}
          </p>
        ) : preview.data ? (
          <>
            <p className={styles.renderedSubject}>
              <span className={styles.muted}>{t('editor.renderedSubject')}</span> {preview.data.subject}
            </p>
            <EmailPreview html={preview.data.html} title={t('editor.previewTitle')} />
          </>
        ) : (
          <p className={styles.muted}>{t('common:loading')}</p>
        )}
      </section>

      {canWrite && (
        // Stays at the bottom of the panel while the admin scrolls between the source and the preview.
        <div className={styles.saveBar}>
          <Button type="submit" loading={form.saving}>
            {t('editor.save')}
          </Button>
        </div>
      )}
    </form>
  );
}
