import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { type DefaultValues, type FieldValues, type Path, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type ApiError, isApiError } from '../../lib/api-client';
import { useLeaveGuard } from './leave-guard';
import { applyServerErrors } from './server-errors';

/**
 * react-hook-form with the shared zod schema, server field errors (cleared when the user types
 * or pastes), a form-level message, and the saving state (spec sections 4 and 5). Leaving the page
 * while it saves, or while it has unsaved changes with errors, asks first (`LeaveGuard`).
 */
export function useApiForm<T extends FieldValues>(schema: z.ZodType<T>, defaultValues: DefaultValues<T>) {
  const { t } = useTranslation();
  const form = useForm<T, unknown, T>({
    resolver: zodResolver(schema as never) as unknown as Resolver<T, unknown, T>,
    defaultValues,
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const field = (name: Path<T>) => {
    const registered = form.register(name);
    return {
      ...registered,
      onChange: (event: { target: unknown }) => {
        form.clearErrors(name);
        return registered.onChange(event);
      },
      onPaste: () => form.clearErrors(name),
      error: form.formState.errors[name]?.message as string | undefined,
    };
  };

  /**
   * Runs the call with the saving state; field errors go to fields, anything else to `formError`.
   * What the call returns runs once the saving state has ended: a navigation away from the form
   * belongs there, or the leave-while-saving prompt would stop it.
   */
  const submit = (call: (values: T) => Promise<unknown>, describe?: (error: ApiError) => string | null) =>
    form.handleSubmit(async (values) => {
      setFormError(null);
      setSaving(true);
      let afterSave: unknown;
      try {
        afterSave = await call(values);
      } catch (error) {
        if (!isApiError(error)) throw error;
        const custom = describe?.(error);
        if (custom) setFormError(custom);
        else if (!applyServerErrors(error, form.setError))
          setFormError(error.code ? error.message : t('errors.communication'));
      } finally {
        // Rendered at once, so the navigation guard sees the form is no longer saving.
        flushSync(() => setSaving(false));
      }
      if (typeof afterSave === 'function') await afterSave();
    });

  const { isDirty, errors } = form.formState;
  useLeaveGuard(saving ? 'saving' : isDirty && Object.keys(errors).length > 0 ? 'unsavedWithErrors' : null);

  return { ...form, field, submit, formError, setFormError, saving };
}
