import type { TFunction } from 'i18next';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { communicationError } from '../../lib/api-client';

/**
 * `codeResolver` for a schema loaded on demand, for `useResolvedApiForm`: zod, the schema and the
 * error table come when the form is first checked (or earlier, as the page loads them), so a page
 * that must show quickly (the login page) renders without them. If they cannot load, the form
 * says so as for a call that cannot reach the API.
 */
export function lazyCodeResolver<TValues extends FieldValues, TOutput extends FieldValues = TValues>(
  loadSchema: () => Promise<z.ZodType<TOutput>>,
): (t: TFunction) => Resolver<TValues, unknown, TOutput> {
  return (t) => async (values, context, options) => {
    const [{ codeResolver }, schema] = await Promise.all([import('./code-resolver'), loadSchema()]).catch(
      (cause: unknown) => {
        throw communicationError(cause);
      },
    );
    return codeResolver<TValues, TOutput>(schema, t)(values, context, options);
  };
}
