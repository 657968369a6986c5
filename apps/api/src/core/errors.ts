import {
  type ErrorCode,
  type ErrorIssue,
  type ErrorParams,
  errorTexts,
  issueOfText,
  messages,
} from '@rtb/shared';

export type FieldErrors = Record<string, string[]>;
export type FieldIssues = Record<string, ErrorIssue[]>;

/** The table's text of `code` with `params` written in. */
const textOf = (code: ErrorCode, params?: ErrorParams): string =>
  (errorTexts[code] as string).replace(/\{(\w+)\}/g, (whole, name: string) =>
    params?.[name] === undefined ? whole : String(params[name]),
  );

/**
 * A field text's code: the rules raise the spec's texts of the code table (packages/shared
 * errors), so each has one; a text outside it is answered as `validation.invalid`.
 */
const issueOf = (message: string): ErrorIssue => issueOfText(message) ?? { code: 'validation.invalid' };

/** Each field's texts by code, in the same order. */
export const fieldIssues = (errors: FieldErrors): FieldIssues =>
  Object.fromEntries(Object.entries(errors).map(([field, texts]) => [field, texts.map(issueOf)]));

export interface HttpErrorDetails {
  /** The spec's text when the table's template cannot write it (e.g. a plural); else the template filled. */
  message?: string;
  params?: ErrorParams;
  errors?: FieldErrors;
  /** Extra top-level fields of the error body (e.g. the account id of an unverified login). */
  extra?: Record<string, unknown>;
  headers?: Record<string, string>;
}

/** An error the API answers with as it is: `{message, code, error, params?, errors?, issues?}`. */
export class HttpError extends Error {
  readonly params?: ErrorParams;
  readonly errors?: FieldErrors;
  readonly extra?: Record<string, unknown>;
  readonly headers?: Record<string, string>;

  constructor(
    readonly statusCode: number,
    readonly error: ErrorCode,
    details: HttpErrorDetails = {},
  ) {
    super(details.message ?? textOf(error, details.params));
    this.params = details.params;
    this.errors = details.errors;
    this.extra = details.extra;
    this.headers = details.headers;
  }
}

export const unauthenticated = (error: ErrorCode = 'auth.unauthenticated', extra?: Record<string, unknown>) =>
  new HttpError(401, error, { extra });
export const forbidden = () => new HttpError(403, 'common.forbidden');
export const notFound = () => new HttpError(404, 'common.not_found');
/** 429 saying when to try again: in minutes in the text, in seconds in `retryAfter` and `Retry-After`. */
export const tooManyRequests = (retryAfterMs: number) => {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new HttpError(429, 'rate_limit.too_many_requests', {
    message: messages.tooManyRequests(minutes),
    params: { minutes },
    extra: { retryAfter: seconds },
    headers: { 'retry-after': String(seconds) },
  });
};

/** 422 with errors on the given fields. */
export const invalid = (errors: FieldErrors) => new HttpError(422, 'validation.failed', { errors });
export const invalidField = (field: string, message: string) => invalid({ [field]: [message] });
/** 422 whose message is the field's own text: an action refused by a rule, not a form's errors. */
export const refusedField = (field: string, message: string) => {
  const { code, params } = issueOf(message);
  return new HttpError(422, code, { message, params, errors: { [field]: [message] } });
};
