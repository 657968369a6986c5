import { toNestErrors } from '@hookform/resolvers';
import { issueOfZod } from '@rtb/shared';
import type { TFunction } from 'i18next';
import { type FieldError, type FieldValues, get, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { errorText } from '../../lib/error-text';

type Issue = z.core.$ZodIssue;

/** The issues to show: of a union, those of the branch that came closest (fewest issues). */
function fieldIssues(issues: readonly Issue[]): Issue[] {
  return issues.flatMap((issue) => {
    if (issue.code !== 'invalid_union' || issue.errors.length === 0) return [issue];
    const closest = issue.errors.reduce((best, branch) => (branch.length < best.length ? branch : best));
    return fieldIssues(closest.map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] })));
  });
}

/** A zod issue in the interface language, by its code (`issueOfZod`, then `errorText`). */
export function zodIssueText(t: TFunction, issue: Issue, value: unknown): string {
  const { code, params } = issueOfZod(issue, value);
  return errorText(t, code, params) ?? code;
}

/**
 * The shared zod schema as a form's resolver, each field's first issue in the interface language
 * by its code (`issueOfZod`, then `errorText`), the same way as the server's field errors: zod's
 * English messages are never shown nor read. The schema reads the fields' `TValues` into its
 * `TOutput`.
 */
export function codeResolver<TValues extends FieldValues, TOutput extends FieldValues = TValues>(
  schema: z.ZodType<TOutput>,
  t: TFunction,
): Resolver<TValues, unknown, TOutput> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of fieldIssues(result.error.issues)) {
      const path = issue.path.join('.');
      if (errors[path]) continue;
      errors[path] = { type: issue.code, message: zodIssueText(t, issue, get(values, path)) };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}
