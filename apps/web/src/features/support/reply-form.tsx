import { commentBody } from '@rtb/shared';
import { useTranslation } from 'react-i18next';

import { Button } from '../../shell/button/button';
import { formFailureText } from '../../shell/form/failure-text';
import { FormError } from '../../shell/form/form-error';
import { TextAreaField } from '../../shell/form/textarea-field';
import { useApiForm } from '../../shell/form/use-api-form';
import { notify } from '../../shell/toast/notify';
import styles from './support.module.css';
import { useAddComment } from './support-api';

const replyBody = commentBody.pick({ content: true });

/** The admin's reply: the customer sees it on their support page and gets it by e-mail. */
export function ReplyForm({ formContactId }: { formContactId: number }) {
  const { t } = useTranslation('support');
  const add = useAddComment(formContactId);
  const form = useApiForm(replyBody, { content: '' });
  const field = form.field('content');

  const onSubmit = form.submit(
    async ({ content }) => {
      await add.mutateAsync(content);
      form.reset({ content: '' });
      notify.success(t('admin.replySent'));
    },
    (error) => formFailureText(t, error),
  );

  return (
    <form className={styles.replyForm} onSubmit={onSubmit} noValidate>
      <FormError message={form.formError} />
      {/* Always in sight, errors or not: what the admin writes here reaches the customer. */}
      <p className={styles.note}>{t('admin.replyHint')}</p>
      <TextAreaField label={t('admin.reply')} rows={5} maxLength={5000} {...field} />
      <div className={styles.formActions}>
        <Button type="submit" loading={form.saving}>
          {t('admin.sendReply')}
        </Button>
      </div>
    </form>
  );
}
