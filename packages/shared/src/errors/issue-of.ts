import { type ErrorCode, type ErrorParams, errorCodes, errorTexts } from './error-codes';

/** An error by its code, with the values its text names. */
export interface ErrorIssue {
  code: ErrorCode;
  params?: ErrorParams;
}

/** A number written in English ('1,000,000.00'), sent as a number so each language formats it. */
const englishNumber = /^-?\d{1,3}(,\d{3})+(\.\d+)?$|^-?\d+(\.\d+)?$/;
const paramValue = (raw: string): string | number =>
  englishNumber.test(raw) ? Number(raw.replaceAll(',', '')) : raw;

const placeholder = /\{(\w+)\}/;

/** A template with `{name}` placeholders as a pattern that captures each of them. */
function templatePattern(text: string): RegExp {
  const pattern = text
    .split(/\{(\w+)\}/)
    .map((part, index) => (index % 2 ? `(?<${part}>.+?)` : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${pattern}$`);
}

const byText = new Map<string, ErrorCode>();
const templates: { pattern: RegExp; code: ErrorCode }[] = [];
for (const code of errorCodes) {
  const text: string = errorTexts[code];
  if (placeholder.test(text)) templates.push({ pattern: templatePattern(text), code });
  else if (!byText.has(text)) byText.set(text, code);
}

/**
 * The code of a text of the table, with the values written into it (the API's rules and the
 * shared schemas raise the table's own texts, so a text and its code change together); null
 * for any other text.
 */
export function issueOfText(text: string): ErrorIssue | null {
  const code = byText.get(text);
  if (code) return { code };
  for (const template of templates) {
    const match = template.pattern.exec(text);
    if (match?.groups)
      return {
        code: template.code,
        params: Object.fromEntries(
          Object.entries(match.groups).map(([name, raw]) => [name, paramValue(raw)]),
        ),
      };
  }
  return null;
}

/** What zod and fastify-type-provider-zod report of an issue. */
export interface ZodIssueLike {
  code?: string;
  message?: string;
  origin?: string;
  format?: string;
  minimum?: unknown;
  maximum?: unknown;
}

const isEmpty = (value: unknown) => value === undefined || value === null || String(value).trim() === '';
const limit = (value: unknown): number => Number(value);

/**
 * A zod issue as a code, in one place for the API and the web: a text of the table (a shared
 * schema's own message) by its code, zod's generic issues by their kind with their limit.
 * `input` is the value the issue is about: an empty one that is too short is a missing one.
 */
export function issueOfZod(issue: ZodIssueLike, input?: unknown): ErrorIssue {
  const known = issue.message ? issueOfText(issue.message) : null;
  if (known) return known;
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'number' || issue.origin === 'bigint')
        return { code: 'validation.number_too_small', params: { minimum: limit(issue.minimum) } };
      if (isEmpty(input)) return { code: 'validation.required' };
      return { code: 'validation.too_small', params: { minimum: limit(issue.minimum) } };
    case 'too_big':
      return { code: 'validation.too_big', params: { maximum: limit(issue.maximum) } };
    case 'invalid_type':
      // A field left out of the body is missing, not of the wrong type.
      return input === undefined || input === null
        ? { code: 'validation.required' }
        : { code: 'validation.invalid' };
    case 'invalid_format':
      return issue.format === 'email' ? { code: 'validation.invalid_email' } : { code: 'validation.invalid' };
    default:
      return { code: 'validation.invalid' };
  }
}
