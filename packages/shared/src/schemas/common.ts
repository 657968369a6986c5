import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants';
import { dateMessages } from './common-messages';

/** Every success body is `{data: {...}}` (DESIGN.md section 4). */
export const envelope = <T extends z.ZodRawShape>(shape: T) => z.object({ data: z.object(shape) });

export const pageMeta = z.object({
  page: z.number().int(),
  perPage: z.number().int(),
  total: z.number().int(),
  lastPage: z.number().int(),
});
export type PageMeta = z.infer<typeof pageMeta>;

/** A list: `{elements, meta}`. */
export const listOf = <T extends z.ZodType>(item: T) => z.object({ elements: z.array(item), meta: pageMeta });

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuery>;

export const idParams = z.object({ id: z.coerce.number().int().positive() });

/** UTC datetime as the API writes it: `YYYY-MM-DD HH:mm:ss`. */
export const apiDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

export const statusBody = envelope({ status: z.string() });

export const sortOrder = z.enum(['asc', 'desc']);

/**
 * The query of a list screen: paging, a free-text search, and sorting by one of `sortFields`
 * (an unknown field is a 422, not a silent default).
 */
export const listQuery = <const S extends readonly [string, ...string[]]>(
  sortFields: S,
  defaultSort: S[number],
) =>
  pageQuery.extend({
    search: z.string().trim().max(200).optional(),
    sort: z.enum(sortFields).default(defaultSort as never),
    order: sortOrder.default('asc'),
  });

/** `meta` of a list page. */
export function pageMetaOf(page: number, perPage: number, total: number): PageMeta {
  return { page, perPage, total, lastPage: Math.max(1, Math.ceil(total / perPage)) };
}

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day, `YYYY-MM-DD`, read as UTC. */
export const utcDay = z
  .string()
  .regex(dayPattern, dateMessages.dateFormat)
  .refine((value) => {
    // A misshapen value already has its message.
    if (!dayPattern.test(value)) return true;
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, dateMessages.realDate);

/** A list's `from` and `to` filters: UTC days, both included. */
export const dateRange = { from: utcDay.optional(), to: utcDay.optional() };

/** Refuses a range whose end comes before its start (on `to`). */
export function endNotBeforeStart(query: { from?: string; to?: string }, ctx: z.RefinementCtx): void {
  if (query.from && query.to && query.from > query.to)
    ctx.addIssue({ code: 'custom', path: ['to'], message: dateMessages.endBeforeStart });
}
