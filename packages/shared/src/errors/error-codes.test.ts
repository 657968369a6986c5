import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { messages } from '../messages';
import { passwordField } from '../schemas/auth';
import { campaignMessages } from '../schemas/campaigns-messages';
import { DOMAIN_LIST_MAX, domainListIssues, normaliseDomainList } from '../schemas/domains';
import { uploadProblem } from '../schemas/file-uploads';
import { UPLOAD_MAX_BYTES } from '../schemas/file-uploads-messages';
import { notificationMessages } from '../schemas/notifications-messages';
import { reportRangeIssue } from '../schemas/reports';
import { errorCodes, errorTexts } from './error-codes';
import { issueOfText, issueOfZod } from './issue-of';

const issueOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected an issue');
  return issueOfZod(result.error.issues[0] ?? {}, input);
};

describe('error codes', () => {
  it('are named <area>.<snake_case>, each with its own text', () => {
    for (const code of errorCodes) expect(code).toMatch(/^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$/);
    const texts = Object.values(errorTexts);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('are found from their own texts, with the values written in', () => {
    for (const code of errorCodes) {
      if (!/\{\w+\}/.test(errorTexts[code])) expect(issueOfText(errorTexts[code])).toEqual({ code });
    }
    expect(issueOfText(campaignMessages.bidBelowMinimum.replace('{min}', '1,000.00'))).toEqual({
      code: 'campaigns.bid_below_minimum',
      params: { min: 1000 },
    });
    expect(issueOfText('Some other text.')).toBeNull();
  });

  it('have templates that agree with the texts the API builds', () => {
    expect(issueOfText(messages.urlErrorStatus(404))).toEqual({
      code: 'url.error_status',
      params: { status: 404 },
    });
    expect(issueOfText(messages.tooManyRequests(5))).toEqual({
      code: 'rate_limit.too_many_requests',
      params: { minutes: 5 },
    });
    expect(issueOfText(notificationMessages.unknownPlaceholder('name'))).toEqual({
      code: 'notifications.unknown_placeholder',
      params: { placeholder: '{{name}}' },
    });
    expect(issueOfText(notificationMessages.missingPlaceholder('link'))?.code).toBe(
      'notifications.missing_placeholder',
    );
  });

  it('map zod issues with their limits, a schema’s own text by its code', () => {
    expect(issueOf(z.string().min(3), '')).toEqual({ code: 'validation.required' });
    expect(issueOf(z.string().min(3), 'ab')).toEqual({
      code: 'validation.too_small',
      params: { minimum: 3 },
    });
    expect(issueOf(z.string().max(2), 'abc')).toEqual({ code: 'validation.too_big', params: { maximum: 2 } });
    expect(issueOf(z.number().int().min(1), 0)).toEqual({
      code: 'validation.number_too_small',
      params: { minimum: 1 },
    });
    expect(issueOf(z.email(), 'nope')).toEqual({ code: 'validation.invalid_email' });
    expect(issueOf(z.enum(['a', 'b']), 'c')).toEqual({ code: 'validation.invalid' });
    expect(issueOf(z.string(), undefined)).toEqual({ code: 'validation.required' });
    expect(issueOf(z.string(), 5)).toEqual({ code: 'validation.invalid' });
    expect(issueOf(passwordField, 'short')).toEqual({ code: 'auth.password_too_short', params: { min: 8 } });
  });

  it('are what the shared checks return with their texts (they name their codes themselves)', () => {
    const checked = [
      uploadProblem({ name: 'run.exe', size: 10 }),
      uploadProblem({ name: 'empty.png', size: 0 }),
      uploadProblem({ name: 'big.png', size: UPLOAD_MAX_BYTES + 1 }),
      reportRangeIssue('2024-02-01', '2024-01-01'),
      reportRangeIssue('2020-01-01', '2024-01-01'),
      reportRangeIssue('2024-01-01', '2024-03-01', 'hour'),
    ];
    for (const problem of checked) {
      expect(problem).not.toBeNull();
      if (problem) expect(issueOfText(problem.message)).toEqual({ code: problem.code });
    }
    const lines = [
      ...Array.from({ length: 25 }, (_, index) => `bad line ${index}`),
      ...Array.from({ length: DOMAIN_LIST_MAX + 1 }, (_, index) => `site${index}.example.com`),
    ];
    const domainIssues = domainListIssues(normaliseDomainList(lines));
    expect(new Set(domainIssues.map((found) => found.code)).size).toBe(3);
    for (const { code, params, message } of domainIssues)
      expect(issueOfText(message)).toEqual({ code, params });
  });
});
