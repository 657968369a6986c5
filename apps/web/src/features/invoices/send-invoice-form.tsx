import { sendInvoiceBody } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../shell/button/button';
import { failureText } from '../../shell/form/failure-text';
import { FormError } from '../../shell/form/form-error';
import { TextField } from '../../shell/form/text-field';
import { useApiForm } from '../../shell/form/use-api-form';
import { notify } from '../../shell/toast/notify';
import styles from './invoices.module.css';
import { type InvoicesPanel, sendInvoice } from './invoices-api';

/** The API's body; an empty field means the buyer's billing e-mail. */
const sendInvoiceForm = z.object({
  email: z
    .string()
    .trim()
    .transform((value) => value || undefined)
    .pipe(sendInvoiceBody.shape.email),
});

/** E-mails the invoice PDF (spec: invoices can be sent again by e-mail). */
export function SendInvoiceForm({ panel, invoiceId }: { panel: InvoicesPanel; invoiceId: number }) {
  const { t } = useTranslation('invoices');
  const form = useApiForm(sendInvoiceForm, { email: '' });
  const email = form.field('email');

  const onSubmit = form.submit(
    async (values) => {
      await sendInvoice(panel, invoiceId, values);
      form.reset({ email: '' });
      notify.success(t('send.sent'));
    },
    (error) => (Object.keys(error.validationErrors).length ? null : failureText(t, error)),
  );

  return (
    <form className={styles.section} onSubmit={onSubmit} noValidate aria-labelledby="send-invoice-heading">
      <h3 id="send-invoice-heading" className={styles.sectionHeading}>
        {t('send.heading')}
      </h3>
      <FormError message={form.formError} />
      <div className={styles.actions}>
        <TextField
          type="email"
          label={t('send.email')}
          hint={t('send.emailHint')}
          autoComplete="off"
          maxLength={254}
          {...email}
        />
        <Button type="submit" loading={form.saving}>
          {t('send.submit')}
        </Button>
      </div>
    </form>
  );
}
