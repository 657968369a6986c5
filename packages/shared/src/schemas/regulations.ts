import { z } from 'zod';
import { DEFAULT_LOCALE, MAX_PAGE_SIZE } from '../constants';
import { regulationTypes } from '../enums';
import { apiDateTime, envelope, listOf, listQuery, pageQuery } from './common';
import { regulationMessages } from './regulations-messages';

const regulationType = z.enum(regulationTypes);
const id = z.number().int();

/** The text of a regulation in one language. */
export const regulationTextDto = z.object({
  locale: z.string(),
  title: z.string(),
  content: z.string(),
});
export type RegulationTextDto = z.infer<typeof regulationTextDto>;

/** A version of a regulation as the admin list shows it. */
export const regulationListItem = z.object({
  id,
  createdAt: apiDateTime,
  updatedAt: apiDateTime,
  type: regulationType,
  version: z.number().int(),
  enabled: z.boolean(),
  /** The newest enabled version of its type: the one users are asked to accept. */
  current: z.boolean(),
  /** The English title (the title of the first text when there is none). */
  title: z.string(),
  locales: z.array(z.string()),
  acceptanceCount: z.number().int(),
});
export type RegulationListItem = z.infer<typeof regulationListItem>;

/** One version with all its texts (admin). */
export const regulationDto = regulationListItem.extend({ texts: z.array(regulationTextDto) });
export type RegulationDto = z.infer<typeof regulationDto>;

export const regulationSortFields = ['type', 'version', 'createdAt'] as const;
export const regulationsQuery = listQuery(regulationSortFields, 'type').extend({
  type: regulationType.optional(),
  enabled: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type RegulationsQuery = z.infer<typeof regulationsQuery>;

export const regulationsResponse = envelope({ regulations: listOf(regulationListItem) });
export const regulationResponse = envelope({ regulation: regulationDto });

const localeCode = z.string().trim().min(2).max(10);

/** The texts of a version: one per language, English required. */
export const regulationTextsField = z
  .array(
    z.object({
      locale: localeCode,
      title: z.string().trim().min(1).max(200),
      content: z.string().trim().min(1).max(100_000),
    }),
  )
  .max(20)
  .superRefine((texts, ctx) => {
    if (!texts.some((text) => text.locale === DEFAULT_LOCALE))
      ctx.addIssue({ code: 'custom', message: regulationMessages.englishRequired });
    const seen = new Set<string>();
    texts.forEach((text, index) => {
      if (seen.has(text.locale))
        ctx.addIssue({
          code: 'custom',
          path: [index, 'locale'],
          message: regulationMessages.duplicateLocale,
        });
      seen.add(text.locale);
    });
  });

/** A new version of a type (numbered after the newest; it starts disabled). */
export const createRegulationBody = z.object({ type: regulationType, texts: regulationTextsField });
export type CreateRegulationBody = z.infer<typeof createRegulationBody>;

/** The texts of a version nobody has accepted yet (they replace the old ones). */
export const updateRegulationBody = z.object({ texts: regulationTextsField });
export type UpdateRegulationBody = z.infer<typeof updateRegulationBody>;

// --- Acceptances ----------------------------------------------------------------------------

const named = z.object({ id, name: z.string() });

/** Who accepted which version for which organisation, when and from where. */
export const logRegulationDto = z.object({
  id,
  createdAt: apiDateTime,
  regulation: z.object({ id, type: regulationType, version: z.number().int() }),
  user: z.object({ id, name: z.string(), email: z.string() }).nullable(),
  agency: named.nullable(),
  advertiser: named.nullable(),
  ip: z.string().nullable(),
});
export type LogRegulationDto = z.infer<typeof logRegulationDto>;

const optionalId = z.coerce.number().int().positive().optional();

/** Newest first; filtered by version and organisation, searched by user and organisation. */
export const logRegulationsQuery = pageQuery.extend({
  perPage: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(25),
  search: z.string().trim().max(200).optional(),
  regulationId: optionalId,
  agencyId: optionalId,
  advertiserId: optionalId,
});
export type LogRegulationsQuery = z.infer<typeof logRegulationsQuery>;

export const logRegulationsResponse = envelope({ logRegulations: listOf(logRegulationDto) });

// --- Current documents (public, and for the organisation's users) ---------------------------

/** The current version of a type, in one language (the one asked for, else English). */
export const currentRegulationDto = z.object({
  id,
  type: regulationType,
  version: z.number().int(),
  locale: z.string(),
  title: z.string(),
  content: z.string(),
  updatedAt: apiDateTime,
});
export type CurrentRegulationDto = z.infer<typeof currentRegulationDto>;

export const currentRegulationsQuery = z.object({
  locale: localeCode.optional(),
  type: regulationType.optional(),
});
export type CurrentRegulationsQuery = z.infer<typeof currentRegulationsQuery>;

export const currentRegulationsResponse = envelope({ regulations: z.array(currentRegulationDto) });

/** A current document and whether the user's organisation accepted it. */
export const organisationRegulationDto = currentRegulationDto.extend({
  accepted: z.boolean(),
  acceptedAt: apiDateTime.nullable(),
});
export type OrganisationRegulationDto = z.infer<typeof organisationRegulationDto>;

export const meRegulationQuery = z.object({ locale: localeCode.optional() });
export type MeRegulationQuery = z.infer<typeof meRegulationQuery>;

/** `me/regulation`: the current documents, which are accepted, and whether all of them are. */
export const meRegulationResponse = envelope({
  regulations: z.array(organisationRegulationDto),
  hasRegulationAccepted: z.boolean(),
});
export type MeRegulation = z.infer<typeof meRegulationResponse>['data'];

export const acceptRegulationsBody = z.object({
  regulationIds: z.array(z.coerce.number().int().positive()).min(1).max(20),
});
export type AcceptRegulationsBody = z.infer<typeof acceptRegulationsBody>;
