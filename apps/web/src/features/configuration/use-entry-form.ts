import { useQueryClient } from '@tanstack/react-query';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { ApiError } from '../../lib/api-client';
import { failureListText } from '../../shell/form/failure-text';
import { useApiForm } from '../../shell/form/use-api-form';
import { notify } from '../../shell/toast/notify';
import { useRefreshConfiguration } from './configuration-api';

/**
 * The edit form of a single page: `save` (the entry's PUT), a toast either way, server field
 * errors on the fields; the saved entry goes into the query cache under `key` and the lists reload.
 */
export function useEntryForm<TInput extends FieldValues, TOutput extends FieldValues, E>({
  schema,
  defaults,
  save,
  key,
  toValues,
  list,
}: {
  schema: z.ZodType<TOutput, TInput>;
  defaults: DefaultValues<TInput>;
  save: (values: TOutput) => Promise<E>;
  key: readonly unknown[];
  toValues: (entry: E) => DefaultValues<TInput>;
  list?: 'countries' | 'currencies' | 'locales';
}) {
  const { t } = useTranslation('configuration');
  const client = useQueryClient();
  const refresh = useRefreshConfiguration();
  const form = useApiForm(schema, defaults);

  const field = form.field;

  const onSubmit = form.submit(
    async (values) => {
      const entry = await save(values);
      client.setQueryData(key, entry);
      form.reset(toValues(entry));
      refresh(list);
      notify.success(t('saved'));
    },
    (error: ApiError) => {
      const onFields = Object.keys(error.validationErrors).length > 0;
      notify.error(onFields ? t('common:errors.validation') : failureListText(t, error));
      // Field errors go on the fields; anything else is also shown above the form.
      return onFields ? null : failureListText(t, error);
    },
  );

  return { form, field, onSubmit };
}
