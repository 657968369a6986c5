import { messages } from '@rtb/shared';

export type FieldErrors = Record<string, string[]>;

/** An error the API answers with as it is: `{message, code, errors?}`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
    /** Extra top-level fields of the error body (e.g. the account id of an unverified login). */
    readonly extra?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const unauthenticated = (
  message: string = messages.unauthenticated,
  extra?: Record<string, unknown>,
) => new HttpError(401, message, undefined, extra);
export const forbidden = () => new HttpError(403, messages.forbidden);
export const notFound = () => new HttpError(404, messages.notFound);
/** 429 saying when to try again: in minutes in the text, in seconds in `retryAfter` and `Retry-After`. */
export const tooManyRequests = (retryAfterMs: number) => {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new HttpError(
    429,
    messages.tooManyRequests(Math.ceil(seconds / 60)),
    undefined,
    { retryAfter: seconds },
    { 'retry-after': String(seconds) },
  );
};

/** 422 with errors on the given fields. */
export const invalid = (errors: FieldErrors) => new HttpError(422, messages.validation, errors);
export const invalidField = (field: string, message: string) => invalid({ [field]: [message] });
