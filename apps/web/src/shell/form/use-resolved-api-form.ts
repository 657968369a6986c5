import type { TFunction } from 'i18next';
import { type BaseSyntheticEvent, useState } from 'react';
import { flushSync } from 'react-dom';
import { type DefaultValues, type FieldValues, type Path, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type ApiError, isApiError } from '../../lib/api-client';
import { useLeaveGuard } from './leave-guard';
import { applyServerErrors, revealFirstInvalidField } from './server-errors';

export interface ApiFormOptions {
  /**
   * Parameters of the address that only choose which part of the form shows (a step of a form
   * in steps): moving between them does not leave the form (`useLeaveGuard`). A constant.
   */
  viewParams?: readonly string[];
}

/** A form of `useApiForm`: fields holding `TValues`, submitting `TOutput`. */
export type ApiForm<TValues extends FieldValues, TOutput extends FieldValues = TValues> = ReturnType<
  typeof useResolvedApiForm<TValues, TOutput>
>;

/**
 * `useApiForm` with the resolver given (`resolver(t)`): the login page's comes with zod only once
 * the user starts on the form (`lazyCodeResolver`). Server field errors (cleared when the user
 * types or pastes), a form-level message and the saving state (spec sections 4 and 5); leaving
 * the page while it saves, or while it has unsaved changes with errors, asks first (`LeaveGuard`).
 */
export function useResolvedApiForm<TValues extends FieldValues, TOutput extends FieldValues>(
  resolver: (t: TFunction) => Resolver<TValues, unknown, TOutput>,
  defaultValues: DefaultValues<TValues>,
  options: ApiFormOptions = {},
) {
  const { t } = useTranslation();
  const form = useForm<TValues, unknown, TOutput>({ resolver: resolver(t), defaultValues });
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
  ) => {
    /** Shows a failed call: the form's message, or its fields' errors (then true). */
    const showFailure = (error: ApiError): boolean => {
      const custom = describe?.(error);
      if (custom) setFormError(custom);
      else if (applyServerErrors(t, error, form.setError)) return true;
      else setFormError(error.code ? error.message : t('errors.communication'));
      return false;
    };
    const send = form.handleSubmit(async (values) => {
      setFormError(null);
      setSaving(true);
      let afterSave: unknown;
      let fieldErrors: string[] = [];
      try {
        afterSave = await call(values);
      } catch (error) {
        if (!isApiError(error)) throw error;
        if (showFailure(error)) fieldErrors = Object.keys(error.validationErrors);
      } finally {
        // Rendered at once, so the navigation guard sees the form is no longer saving.
        flushSync(() => setSaving(false));
      }
      // After the render that enabled the fields again (a disabled field cannot take the focus).
      if (fieldErrors.length > 0 && formElement) revealFirstInvalidField(formElement, fieldErrors);
      if (typeof afterSave === 'function') await afterSave();
    });
    return async (event?: BaseSyntheticEvent) => {
      try {
        await send(event);
      } catch (error) {
        // The check could not run: what it needs did not load (`lazyCodeResolver`).
        if (!isApiError(error)) throw error;
        showFailure(error);
      }
    };
  };

  const { isDirty, errors } = form.formState;
  useLeaveGuard(
    saving ? 'saving' : isDirty && Object.keys(errors).length > 0 ? 'unsavedWithErrors' : null,
    options.viewParams,
  );

  return { ...form, field, submit, formError, setFormError, saving };
}
