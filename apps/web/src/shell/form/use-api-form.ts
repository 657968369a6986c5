import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { codeResolver } from './code-resolver';
import { type ApiForm, type ApiFormOptions, useResolvedApiForm } from './use-resolved-api-form';

export type { ApiForm, ApiFormOptions };

/**
 * A form for an API call (`useResolvedApiForm`: server errors, the saving state, the leave guard)
 * checked by the shared zod schema, its issues shown by code (`codeResolver`).
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
  return useResolvedApiForm((t) => codeResolver(schema, t), defaultValues, options);
}
