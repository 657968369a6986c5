import { FAQ_MAX_POSITION, type FaqDto, faqBody } from '@rtb/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useLocales } from '../../account/reference-data';
import { Button } from '../../shell/button/button';
import { CheckField } from '../../shell/form/check-field';
import { failureText, formFailureText } from '../../shell/form/failure-text';
import { FormError } from '../../shell/form/form-error';
import { SelectField } from '../../shell/form/select-field';
import { TextField } from '../../shell/form/text-field';
import { TextAreaField } from '../../shell/form/textarea-field';
import { useApiForm } from '../../shell/form/use-api-form';
import { SidePanel } from '../../shell/side-panel/side-panel';
import { notify } from '../../shell/toast/notify';
import styles from './support.module.css';
import { useDeleteFaq, useSaveFaq } from './support-api';

/** A question and its answer in one language: a new one (`faq` null) or one to change or delete. */
export function FaqPanel({
  faq,
  defaultLocale,
  canWrite,
  onClose,
}: {
  faq: FaqDto | null;
  defaultLocale: string;
  canWrite: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('support');
  const locales = useLocales();
  const save = useSaveFaq(faq?.id ?? null);
  const remove = useDeleteFaq();
  const [closedAt, setClosedAt] = useState<number | null>(null);
  const form = useApiForm(
    faqBody,
    faq
      ? {
          locale: faq.locale,
          question: faq.question,
          answer: faq.answer,
          position: faq.position,
          enabled: faq.enabled,
        }
      : { locale: defaultLocale, question: '', answer: '', position: 0, enabled: true },
  );
  const field = form.field;

  const onSubmit = form.submit(
    async (values) => {
      await save.mutateAsync(values);
      notify.success(t('faqAdmin.saved'));
      setClosedAt(Date.now());
    },
    (error) => formFailureText(t, error),
  );
  const onDelete = async () => {
    if (!faq) return;
    try {
      await remove.mutateAsync(faq.id);
      notify.success(t('faqAdmin.deleted'));
      setClosedAt(Date.now());
    } catch (error) {
      notify.error(failureText(t, error));
    }
  };

  return (
    <SidePanel
      onClose={onClose}
      size="large"
      closeTimestamp={closedAt}
      title={faq ? t('faqAdmin.editTitle') : t('faqAdmin.newTitle')}
      subtitle={faq?.question}
    >
      <form onSubmit={canWrite ? onSubmit : (event) => event.preventDefault()} noValidate>
        <FormError message={form.formError} />
        <div className={styles.row}>
          <SelectField
            label={t('faqAdmin.language')}
            options={(locales.data ?? [{ code: defaultLocale, name: defaultLocale }]).map((entry) => ({
              value: entry.code,
              label: entry.name,
            }))}
            disabled={!canWrite}
            {...field('locale')}
          />
          <TextField
            label={t('faqAdmin.position')}
            hint={t('faqAdmin.positionHint')}
            type="number"
            min={0}
            max={FAQ_MAX_POSITION}
            step={1}
            inputMode="numeric"
            disabled={!canWrite}
            {...field('position')}
          />
        </div>
        <TextField
          label={t('faqAdmin.question')}
          autoComplete="off"
          maxLength={300}
          readOnly={!canWrite}
          {...field('question')}
        />
        <TextAreaField
          label={t('faqAdmin.answer')}
          rows={8}
          maxLength={10000}
          readOnly={!canWrite}
          {...field('answer')}
        />
        <CheckField label={t('faqAdmin.enabled')} disabled={!canWrite} {...field('enabled')} />
        {canWrite && (
          <div className={styles.footerActions}>
            {faq ? (
              <Button
                variant="outline"
                color="danger"
                confirm={t('faqAdmin.deleteConfirm')}
                loading={remove.isPending}
                onClick={onDelete}
              >
                {t('faqAdmin.delete')}
              </Button>
            ) : (
              <span />
            )}
            <Button type="submit" loading={form.saving}>
              {t('faqAdmin.save')}
            </Button>
          </div>
        )}
      </form>
    </SidePanel>
  );
}
