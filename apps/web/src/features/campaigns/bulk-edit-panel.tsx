import { type CampaignBulkEditField, campaignBulkEditFields } from '@rtb/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrencyOf } from '../../account/reference-data';
import { isApiError } from '../../lib/api-client';
import { errorText, issueText } from '../../lib/error-text';
import { currencySymbol } from '../../lib/format';
import { useIdempotencyKey } from '../../lib/idempotency-key';
import { Button } from '../../shell/button/button';
import { DateField } from '../../shell/form/date-field';
import { failureText } from '../../shell/form/failure-text';
import { FormError } from '../../shell/form/form-error';
import { SelectField } from '../../shell/form/select-field';
import { TextField } from '../../shell/form/text-field';
import { SidePanel } from '../../shell/side-panel/side-panel';
import { notify } from '../../shell/toast/notify';
import styles from './bulk-edit.module.css';
import {
  type BulkEditValues,
  type BulkHow,
  changeOf,
  howOf,
  howsOf,
  initialBulkEdit,
} from './bulk-edit-change';
import { BulkEditPreview } from './bulk-edit-preview';
import campaignStyles from './campaigns.module.css';
import {
  type BulkEditBody,
  type BulkEditResult,
  useBulkEdit,
  useBulkEditPreview,
  useCampaignSettings,
} from './campaigns-api';
import { HoursOfWeekField } from './hours-of-week-field';

/**
 * Changes one setting of the picked campaigns at once (the bid, a budget, the end date or the
 * hours): the user picks the change, sees each campaign's before and after with why a campaign
 * cannot take it (in red), and applies it to those that can. The server applies it to all of
 * them or none; a campaign that cannot take it is left out of what is sent, in the open.
 */
export function BulkEditPanel({
  ids,
  names,
  onClose,
}: {
  ids: number[];
  names: ReadonlyMap<number, string>;
  /** Once the panel has closed: whether the change was applied. */
  onClose: (applied: boolean) => void;
}) {
  const { t } = useTranslation('campaigns');
  const settings = useCampaignSettings();
  const currencyOf = useCurrencyOf();
  const previewCall = useBulkEditPreview();
  const apply = useBulkEdit();
  const idempotency = useIdempotencyKey();
  const [values, setValues] = useState<BulkEditValues>(initialBulkEdit);
  const [inputError, setInputError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  // The preview of the change as it was asked for; any new value drops it.
  const [preview, setPreview] = useState<{ body: BulkEditBody; result: BulkEditResult } | null>(null);
  const [applied, setApplied] = useState(false);

  const currency = currencyOf(preview?.result.currency ?? settings.data?.currency ?? '');
  const unit = currencySymbol(currency);
  const how = howOf(values);
  const hows = howsOf(values.field);

  const update = (change: Partial<BulkEditValues>) => {
    setValues((current) => ({ ...current, ...change }));
    setPreview(null);
    setInputError(null);
    setFormError(null);
  };

  const runPreview = (body: BulkEditBody) =>
    previewCall.mutate(body, {
      onSuccess: (result) => setPreview({ body, result }),
      onError: (error) => setFormError(failureText(t, error)),
    });

  const onPreview = () => {
    const checked = changeOf(values);
    if (!checked.ok) {
      setInputError(issueText(t, checked.issue));
      return;
    }
    runPreview({ ids, change: checked.change });
  };

  const applicable = preview?.result.changed ?? [];
  const failing = preview?.result.campaigns.filter((row) => Object.keys(row.errors).length > 0).length ?? 0;

  const onApply = () => {
    if (!preview || applicable.length === 0) return;
    const body = { ids: applicable, change: preview.body.change };
    apply.mutate(
      { body, idempotencyKey: idempotency.keyFor(body) },
      {
        onSuccess: (result) => {
          idempotency.settled();
          notify.success(t('bulk.updated', { count: result.changed.length }));
          setApplied(true);
        },
        onError: (error) => {
          // Something changed since the preview: say so and show the campaigns as they are now.
          if (isApiError(error) && error.error === 'campaigns.bulk_edit_refused') {
            setFormError(errorText(t, error.error, error.params) ?? error.message);
            runPreview(preview.body);
            return;
          }
          setFormError(failureText(t, error));
        },
      },
    );
  };

  const fieldLabel = (field: CampaignBulkEditField) => t(`bulkEdit.fields.${field}`);
  const amountLabel =
    how === 'percent'
      ? t('bulkEdit.percent')
      : how === 'by'
        ? t('bulkEdit.amountBy', { currency: unit })
        : t('bulkEdit.amount', { currency: unit });

  const footer = (
    <div className={styles.footer}>
      <Button
        variant="outline"
        color="white"
        loading={previewCall.isPending}
        disabled={apply.isPending}
        onClick={onPreview}
      >
        {t('bulkEdit.preview')}
      </Button>
      {preview && (
        <Button
          loading={apply.isPending}
          disabled={applicable.length === 0 || previewCall.isPending}
          onClick={onApply}
        >
          {t('bulkEdit.apply', { count: applicable.length })}
        </Button>
      )}
    </div>
  );

  return (
    <SidePanel
      open={!applied}
      title={t('bulkEdit.title', { count: ids.length })}
      subtitle={t('bulkEdit.lead')}
      size="large"
      onClose={() => onClose(applied)}
      footer={footer}
    >
      <div className={styles.form}>
        <FormError message={formError} />
        {/* The setting, then how it changes, one under the other: side by side, a long choice was cut. */}
        <SelectField
          label={t('bulkEdit.field')}
          value={values.field}
          onChange={(event) => update({ field: event.target.value as CampaignBulkEditField })}
          options={campaignBulkEditFields.map((field) => ({ value: field, label: fieldLabel(field) }))}
        />
        {hows.length > 1 && (
          <SelectField
            label={t('bulkEdit.how')}
            value={how}
            onChange={(event) => update({ how: event.target.value as BulkHow })}
            options={hows.map((value) => ({ value, label: t(`bulkEdit.hows.${value}`) }))}
          />
        )}
        {hows.length > 0 && (
          <TextField
            key={`${values.field}-${how}`}
            label={amountLabel}
            inputMode={how === 'set' ? 'decimal' : 'text'}
            autoComplete="off"
            value={how === 'percent' ? values.percent : values.amount}
            onChange={(event) =>
              update(how === 'percent' ? { percent: event.target.value } : { amount: event.target.value })
            }
            hint={how === 'set' ? undefined : t('bulkEdit.rounding')}
            error={inputError ?? undefined}
          />
        )}
        {values.field === 'endDate' && (
          <fieldset className={campaignStyles.fieldset}>
            <legend className={campaignStyles.legend}>{t('bulkEdit.fields.endDate')}</legend>
            <div className={campaignStyles.radios}>
              <label className={campaignStyles.radio}>
                <input type="radio" checked={!values.clearEnd} onChange={() => update({ clearEnd: false })} />
                <span>{t('bulkEdit.endOn')}</span>
              </label>
              <label className={campaignStyles.radio}>
                <input type="radio" checked={values.clearEnd} onChange={() => update({ clearEnd: true })} />
                <span>{t('bulkEdit.noEndDate')}</span>
              </label>
            </div>
            {!values.clearEnd && (
              <DateField
                label={t('bulkEdit.endDate')}
                value={values.endDate}
                onChange={(event) => update({ endDate: event.target.value })}
                error={inputError ?? undefined}
              />
            )}
          </fieldset>
        )}
        {values.field === 'hoursOfWeek' && (
          <HoursOfWeekField
            value={values.hours}
            onChange={(hours) => update({ hours })}
            timeZone={settings.data?.timeZone ?? ''}
            error={inputError ?? undefined}
          />
        )}
        {preview && (
          <BulkEditPreview result={preview.result} names={names} currency={currency} failing={failing} />
        )}
      </div>
    </SidePanel>
  );
}
