import { type AudienceDto, audienceLookbackLimits, audienceRules } from '@rtb/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shell/button/button';
import { failureText } from '../../shell/form/failure-text';
import formStyles from '../../shell/form/form.module.css';
import { FormError } from '../../shell/form/form-error';
import { TextField } from '../../shell/form/text-field';
import { useApiForm } from '../../shell/form/use-api-form';
import { SidePanel } from '../../shell/side-panel/side-panel';
import { notify } from '../../shell/toast/notify';
import { audienceFormSchema, formValuesOf } from './audience-form-schema';
import styles from './audiences.module.css';
import { useDeleteAudience, useSaveAudience } from './audiences-api';

/**
 * A new audience (`audience` null) or one to change or delete: its name, the rule (each with what
 * it means), the product type for viewers of a type, and the lookback. Read only without
 * `integrations:write`.
 */
export function AudiencePanel({
  audience,
  canWrite,
  onClose,
}: {
  audience: AudienceDto | null;
  canWrite: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('audiences');
  const save = useSaveAudience(audience?.id ?? null);
  const remove = useDeleteAudience();
  const [closedAt, setClosedAt] = useState<number | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const form = useApiForm(audienceFormSchema, formValuesOf(audience));
  const rule = form.watch('rule');
  const field = form.field;

  const onSubmit = form.submit(
    async (body) => {
      const saved = await save.mutateAsync(body);
      notify.success(t(audience ? 'form.saved' : 'form.created', { name: saved.name }));
      setClosedAt(Date.now());
    },
    (error) => (Object.keys(error.validationErrors).length > 0 ? null : failureText(t, error)),
  );
  const onDelete = async () => {
    if (!audience) return;
    setDeleteError(null);
    try {
      await remove.mutateAsync(audience.id);
      notify.success(t('form.deleted', { name: audience.name }));
      setClosedAt(Date.now());
    } catch (error) {
      setDeleteError(failureText(t, error));
    }
  };
  const ruleError = form.formState.errors.rule?.message;

  return (
    <SidePanel
      onClose={onClose}
      size="medium"
      closeTimestamp={closedAt}
      title={audience ? t('form.editTitle') : t('form.newTitle')}
      subtitle={audience?.name}
    >
      <form onSubmit={canWrite ? onSubmit : (event) => event.preventDefault()} noValidate>
        <FormError message={form.formError} />
        <fieldset className={styles.fieldset} disabled={!canWrite}>
          <TextField label={t('form.name')} autoComplete="off" maxLength={200} {...field('name')} />
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>{t('form.rule')}</legend>
            {ruleError && (
              <p className={formStyles.error} role="alert">
                {ruleError}
              </p>
            )}
            <div className={styles.radios}>
              {audienceRules.map((value) => (
                <label key={value} className={styles.radio}>
                  <input type="radio" value={value} {...form.register('rule')} />
                  <span>
                    {t(`rules.${value}`)}
                    <small>{t(`ruleHints.${value}`)}</small>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          {rule === 'product_type_viewers' && (
            <TextField
              label={t('form.productType')}
              hint={t('form.productTypeHint')}
              autoComplete="off"
              maxLength={750}
              {...field('productType')}
            />
          )}
          <TextField
            label={t('form.lookbackDays')}
            hint={t('form.lookbackHint', audienceLookbackLimits)}
            inputMode="numeric"
            autoComplete="off"
            {...field('lookbackDays')}
          />
        </fieldset>
        {deleteError && (
          <p className={formStyles.error} role="alert">
            {deleteError}
          </p>
        )}
        {canWrite && (
          <div className={styles.footerActions}>
            {audience ? (
              <Button
                variant="outline"
                color="danger"
                confirm={t('form.deleteConfirm', { name: audience.name })}
                loading={remove.isPending}
                onClick={onDelete}
              >
                {t('form.delete')}
              </Button>
            ) : (
              <span />
            )}
            <Button type="submit" loading={form.saving}>
              {t('form.save')}
            </Button>
          </div>
        )}
      </form>
    </SidePanel>
  );
}
