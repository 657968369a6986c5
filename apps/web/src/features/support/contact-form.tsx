import { contactFormBody, UPLOAD_MAX_BYTES, uploadAccept, uploadProblem } from '@rtb/shared';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { issueText } from '../../lib/error-text';
import { formatFileSize } from '../../lib/format';
import { Button } from '../../shell/button/button';
import { formFailureText } from '../../shell/form/failure-text';
import formStyles from '../../shell/form/form.module.css';
import { FormError } from '../../shell/form/form-error';
import { TextField } from '../../shell/form/text-field';
import { TextAreaField } from '../../shell/form/textarea-field';
import { useApiForm } from '../../shell/form/use-api-form';
import { notify } from '../../shell/toast/notify';
import styles from './support.module.css';
import { type CustomerPanel, useSendFormContact } from './support-api';

/**
 * The contact form: subject, message and one optional attachment. The file is checked here as
 * the API will (type by extension, size), so a wrong one is said before the upload.
 */
export function ContactForm({ panel }: { panel: CustomerPanel }) {
  const { t } = useTranslation('support');
  const send = useSendFormContact(panel);
  const form = useApiForm(contactFormBody, { subject: '', message: '' });
  const field = form.field;
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = useId();
  // The API's own answer about the file (its content is checked there) comes as a field error,
  // already in the interface language by its code.
  const serverFileError = (form.formState.errors as Record<string, { message?: string } | undefined>)
    .attachment?.message;
  const shownFileError = fileError ?? serverFileError ?? null;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    form.clearErrors('attachment' as never);
    const problem = chosen ? uploadProblem(chosen) : null;
    setFileError(problem ? issueText(t, problem) : null);
    setFile(chosen);
  };
  const removeFile = () => {
    setFile(null);
    setFileError(null);
    form.clearErrors('attachment' as never);
    if (fileInput.current) fileInput.current.value = '';
  };

  const onSubmit = form.submit(
    async (fields) => {
      if (fileError) return;
      await send.mutateAsync({ fields, attachment: file });
      form.reset({ subject: '', message: '' });
      removeFile();
      notify.success(t('form.sent'));
    },
    (error) => formFailureText(t, error),
  );

  return (
    <section className={styles.card} aria-labelledby="support-form-heading">
      <h2 id="support-form-heading" className={styles.cardHeading}>
        {t('form.heading')}
      </h2>
      <p className={styles.cardLead}>{t('form.lead')}</p>
      <form onSubmit={onSubmit} noValidate>
        <FormError message={form.formError} />
        <TextField
          label={t('form.subject')}
          placeholder={t('form.subjectPlaceholder')}
          autoComplete="off"
          maxLength={200}
          {...field('subject')}
        />
        <TextAreaField
          label={t('form.message')}
          placeholder={t('form.messagePlaceholder')}
          rows={7}
          maxLength={5000}
          {...field('message')}
        />
        <div className={formStyles.field}>
          <span id={`${fileId}-label`} className={formStyles.label}>
            {t('form.attachment')}
          </span>
          {/* The browser's own picker speaks the browser's language: a labelled button speaks ours. */}
          <div className={styles.fileRow}>
            <input
              ref={fileInput}
              id={fileId}
              type="file"
              className={`visually-hidden ${styles.fileInput}`}
              accept={uploadAccept}
              aria-labelledby={`${fileId}-label`}
              aria-invalid={shownFileError ? true : undefined}
              aria-describedby={`${fileId}-${shownFileError ? 'error' : 'hint'}`}
              onChange={choose}
            />
            <label htmlFor={fileId} className={styles.fileButton}>
              {file ? t('form.changeFile') : t('form.chooseFile')}
            </label>
            <span className={styles.fileName}>
              {file
                ? t('form.chosen', { name: file.name, size: formatFileSize(file.size) })
                : t('form.noFile')}
            </span>
            {file && (
              <Button size="small" variant="outline" color="white" onClick={removeFile}>
                {t('form.removeFile')}
              </Button>
            )}
          </div>
          {shownFileError ? (
            <p id={`${fileId}-error`} className={formStyles.error} role="alert">
              {shownFileError}
            </p>
          ) : (
            <p id={`${fileId}-hint`} className={formStyles.hint}>
              {t('form.attachmentHint', { size: formatFileSize(UPLOAD_MAX_BYTES) })}
            </p>
          )}
        </div>
        <div className={styles.formActions}>
          <Button type="submit" loading={form.saving} disabled={Boolean(fileError)}>
            {t('form.send')}
          </Button>
        </div>
      </form>
    </section>
  );
}
