import { bannerMessages, bannerRejectionReasons, bannerReviewBody } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shell/button/button';
import { failureText } from '../../shell/form/failure-text';
import { SelectField } from '../../shell/form/select-field';
import { TextAreaField } from '../../shell/form/textarea-field';
import { useApiForm } from '../../shell/form/use-api-form';
import { PanelForm } from '../banners';

/** The reject branch of the decision, without its tag; 'other' needs the note that says what. */
const rejectBody = bannerReviewBody.options[1]
  .omit({ decision: true })
  .refine((body) => body.reason !== 'other' || body.note.length > 0, {
    path: ['note'],
    message: bannerMessages.rejectionNoteRequired,
  });

/** A reason from the list and a note for the advertiser (required for 'other'). */
export function RejectForm({
  onReject,
  disabled,
}: {
  onReject: (body: { reason: (typeof bannerRejectionReasons)[number]; note: string }) => Promise<void>;
  disabled: boolean;
}) {
  const { t } = useTranslation('banners');
  const form = useApiForm(rejectBody, { reason: undefined, note: '' });
  const field = form.field;
  const onSubmit = form.submit(onReject, (error) =>
    Object.keys(error.validationErrors).length ? null : failureText(t, error),
  );
  return (
    <PanelForm
      id="banner-reject-heading"
      heading={t('review.rejectHeading')}
      formError={form.formError}
      onSubmit={onSubmit}
      actions={
        <Button type="submit" color="danger" loading={form.saving} disabled={disabled}>
          {t('review.reject')}
        </Button>
      }
    >
      <SelectField
        label={t('review.reason')}
        placeholder={t('review.chooseReason')}
        options={bannerRejectionReasons.map((reason) => ({ value: reason, label: t(`reason.${reason}`) }))}
        {...field('reason')}
      />
      <TextAreaField
        label={t('review.note')}
        hint={t('review.noteHint')}
        rows={4}
        maxLength={1000}
        {...field('note')}
      />
    </PanelForm>
  );
}
