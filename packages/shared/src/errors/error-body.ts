import { z } from 'zod';
import { errorCodes } from './error-codes';

const errorParams = z.record(z.string(), z.union([z.string(), z.number()]));

/** A field's error by its code, in the order of the field's English texts in `errors`. */
export const errorIssue = z.object({ code: z.enum(errorCodes), params: errorParams.optional() });

/**
 * The body of every error the API answers with. `error` is the stable code the web translates;
 * `message` is the spec's English text and `code` the HTTP status, both kept for the clients
 * that read them.
 */
export const errorBody = z.object({
  message: z.string(),
  code: z.number().int(),
  error: z.enum(errorCodes),
  params: errorParams.optional(),
  /** The fields' English texts, by field ('_' for the body as a whole). */
  errors: z.record(z.string(), z.array(z.string())).optional(),
  /** The same fields' errors by code. */
  issues: z.record(z.string(), z.array(errorIssue)).optional(),
  /** A 429's wait in seconds. */
  retryAfter: z.number().int().optional(),
  /** The account of a login refused as not yet verified (to send the activation e-mail again). */
  accountId: z.number().int().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;
