import { z } from 'zod';
import { apiDateTime, dateRange, endNotBeforeStart, envelope, listOf, pageQuery } from './common';

/** The platform's outgoing HTTP callers; each call is logged under its service. */
export const externalApiServices = ['url-verify', 'stripe', 'product-feed', 'product-image'] as const;
export type ExternalApiService = (typeof externalApiServices)[number];

/** `ok`: an answer below 400; `error`: no answer (the error says why) or an error status. */
export const externalApiOutcomes = ['ok', 'error'] as const;
export type ExternalApiOutcome = (typeof externalApiOutcomes)[number];

/** `GET /api/admin/log-external-apis`: newest first; `search` looks in the URL. */
export const logExternalApisQuery = pageQuery
  .extend({
    search: z.string().trim().max(200).optional(),
    service: z.enum(externalApiServices).optional(),
    outcome: z.enum(externalApiOutcomes).optional(),
    ...dateRange,
  })
  .superRefine(endNotBeforeStart);
export type LogExternalApisQuery = z.infer<typeof logExternalApisQuery>;

/** One outgoing call: secrets in the URL (userinfo, token-like query values) are redacted. */
export const logExternalApiDto = z.object({
  id: z.number().int(),
  createdAt: apiDateTime,
  service: z.string(),
  method: z.string(),
  url: z.string(),
  /** Null when no answer came (refused, timed out, blocked). */
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  error: z.string().nullable(),
});
export type LogExternalApiDto = z.infer<typeof logExternalApiDto>;

export const logExternalApisResponse = envelope({ logExternalApis: listOf(logExternalApiDto) });
