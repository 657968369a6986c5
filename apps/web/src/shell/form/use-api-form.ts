import { type BaseSyntheticEvent, useState } from 'react';
import { flushSync } from 'react-dom';
import { type DefaultValues, type FieldValues, type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type ApiError, isApiError } from '../../lib/api-client';
import { codeResolver } from './code-resolver';
import { useLeaveGuard } from './leave-guard';
import { applyServerErrors, revealFirstInvalidField } from './server-errors';

/**
 * react-hook-form with the shared zod schema (its issues shown by code), server field errors (cleared when the user types
 * or pastes), a form-level message, and the saving state (spec sections 4 and 5). Leaving the page
 * while it saves, or while it has unsaved changes with errors, asks first (`LeaveGuard`).
 *
 * Typed by the schema: the fields and default values hold its input (`z.input`: an amount as typed
 * text), `submit` hands over its output (`z.output`: the amount as a number), both inferred.
 */
export function useApiForm<TOutput extends FieldValues, TInput extends FieldValues = TOutput>(
  schema: z.ZodType<TOutput, TInput>,
  defaultValues: NoInfer<DefaultValues<TInput>>,
  options?: ApiFormOptions,
): ApiForm<TInput, TOutput>;
/**
 * One form over several schemas: the fields hold `TValues` (e.g. a select's `''` before a choice,
 * or fields only some of the schemas have), which the schema reads into its `TOutput`.
 */
export function useApiForm<TOutput extends FieldValues, TValues extends FieldValues = TOutput>(
  schema: z.ZodType<TOutput>,
  defaultValues: DefaultValues<NoInfer<TValues>>,
  options?: ApiFormOptions,
): ApiForm<TValues, TOutput>;
export function useApiForm(
  schema: z.ZodType<FieldValues>,
  defaultValues: DefaultValues<FieldValues>,
  options?: ApiFormOptions,
) {
  return useSchemaForm(schema, defaultValues, options);
}

export interface ApiFormOptions {
  /**
   * Parameters of the address that only choose which part of the form shows (a step of a form
   * in steps): moving between them does not leave the form (`useLeaveGuard`). A constant.
   */
  viewParams?: readonly string[];
}

/** A form of `useApiForm`: fields holding `TValues`, submitting `TOutput`. */
export type ApiForm<TValues extends FieldValues, TOutput extends FieldValues = TValues> = ReturnType<
  typeof useSchemaForm<TValues, TOutput>
>;

function useSchemaForm<TValues extends FieldValues, TOutput extends FieldValues>(
  schema: z.ZodType<TOutput>,
  defaultValues: DefaultValues<TValues>,
  options: ApiFormOptions = {},
) {
  const { t } = useTranslation();
  const form = useForm<TValues, unknown, TOutput>({
    resolver: codeResolver<TValues, TOutput>(schema, t),
    defaultValues,
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const field = (name: Path<TValues>) => {
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
   * Runs the call with the saving state; field errors go to fields (the first one in the form is
   * scrolled into view and focused, wherever it is on a long page), anything else to `formError`.
   * What the call returns runs once the saving state has ended: a navigation away from the form
   * belongs there, or the leave-while-saving prompt would stop it.
   */
  const submit =
    (call: (values: TOutput) => Promise<unknown>, describe?: (error: ApiError) => string | null) =>
    (event?: BaseSyntheticEvent) => {
      // The form element, read now: React clears `currentTarget` once the handler has returned.
      const target = event?.currentTarget;
      const formElement = target instanceof HTMLFormElement ? target : null;
      return handle(call, describe, formElement)(event);
    };

  const handle = (
    call: (values: TOutput) => Promise<unknown>,
    describe: ((error: ApiError) => string | null) | undefined,
    formElement: HTMLFormElement | null,
  ) =>
    form.handleSubmit(async (values) => {
      setFormError(null);
      setSaving(true);
      let afterSave: unknown;
      let fieldErrors: string[] = [];
      try {
        afterSave = await call(values);
      } catch (error) {
        if (!isApiError(error)) throw error;
        const custom = describe?.(error);
        if (custom) setFormError(custom);
        else if (!applyServerErrors(t, error, form.setError))
          setFormError(error.code ? error.message : t('errors.communication'));
        else fieldErrors = Object.keys(error.validationErrors);
      } finally {
        // Rendered at once, so the navigation guard sees the form is no longer saving.
        flushSync(() => setSaving(false));
      }
      // After the render that enabled the fields again (a disabled field cannot take the focus).
      if (fieldErrors.length > 0 && formElement) revealFirstInvalidField(formElement, fieldErrors);
      if (typeof afterSave === 'function') await afterSave();
    });

  const { isDirty, errors } = form.formState;
  useLeaveGuard(
    saving ? 'saving' : isDirty && Object.keys(errors).length > 0 ? 'unsavedWithErrors' : null,
    options.viewParams,
  );

  return { ...form, field, submit, formError, setFormError, saving };
}
