import type { AdvertiserContext } from '@rtb/delivery';
import {
  type CampaignBody,
  type CampaignBulkEditBody,
  type CampaignBulkEditDto,
  type CampaignBulkEditRow,
  campaignBody,
  campaignMessages,
  type ErrorIssue,
  issueOfZod,
  type ZodIssueLike,
} from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { type FieldErrors, type FieldIssues, fieldIssues, HttpError } from '../../../core/errors';
import { type Actor, recordActivity } from '../../platform';
import { settingAfter } from './bulk-edit-change';
import { campaignBodyOf } from './dto';
import { bannerIdsOf, type CampaignRow, findCampaigns, lockCampaigns, updateCampaign } from './repository';
import { type CampaignBefore, campaignRuleErrors } from './rules';
import { advertiserContextOf } from './serving-facts';
import { campaignsBefore, campaignUpdated, notEditableErrors } from './update-campaign';

/** One campaign of a bulk edit: what it is, what its setting becomes, and why it cannot. */
interface PlannedCampaign {
  id: number;
  row: CampaignRow | null;
  bannerIds: number[];
  /** The setting's value after the change, as the form's schema leaves it (when it passed). */
  after?: CampaignBody[CampaignBulkEditBody['change']['field']];
  changed: boolean;
  errors: FieldErrors;
  issues: FieldIssues;
}

const isEmpty = (errors: FieldErrors) => Object.keys(errors).length === 0;
const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The value at a dotted path of the form (to tell a missing value from a wrong one). */
const valueAt = (input: unknown, path: PropertyKey[]) =>
  path.reduce<unknown>(
    (value, key) =>
      typeof value === 'object' && value !== null ? (value as Record<PropertyKey, unknown>)[key] : undefined,
    input,
  );

/**
 * The campaign form's checks of the campaign with the change made, exactly as a save of the
 * single campaign's form runs them: the shared schema (`campaignBody`), then the rules
 * (`campaignRuleErrors`: minimums, dates, budgets against the spend, banners, audiences). An
 * archived campaign is refused as the single update refuses it.
 */
async function planOne(
  deps: AppDeps,
  advertiser: AdvertiserContext,
  body: CampaignBulkEditBody,
  row: CampaignRow,
  bannerIds: number[],
  before: CampaignBefore,
): Promise<Omit<PlannedCampaign, 'id' | 'row' | 'bannerIds'>> {
  const { field } = body.change;
  const refused = notEditableErrors(row);
  if (refused) return { changed: false, errors: refused, issues: fieldIssues(refused) };
  const setting = settingAfter(row, body.change);
  if (!setting.ok) {
    const errors = { [field]: [setting.error] };
    return { changed: false, errors, issues: fieldIssues(errors) };
  }
  const input = { ...campaignBodyOf(row, bannerIds), [field]: setting.value };
  const parsed = campaignBody.safeParse(input);
  if (!parsed.success) {
    const errors: FieldErrors = {};
    const issues: Record<string, ErrorIssue[]> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path.map(String).join('.') || '_';
      errors[key] = [...(errors[key] ?? []), issue.message];
      issues[key] = [...(issues[key] ?? []), issueOfZod(issue as ZodIssueLike, valueAt(input, issue.path))];
    }
    return { changed: false, errors, issues };
  }
  const after = parsed.data[field];
  const errors = await campaignRuleErrors(deps, advertiser, parsed.data, before);
  return { after, changed: !sameValue(after, row[field]), errors, issues: fieldIssues(errors) };
}

const unknownCampaign: FieldErrors = { id: [campaignMessages.unknownCampaign] };

/** Each id's campaign (of the advertiser) with its change planned and checked, in the ids' order. */
async function plan(
  deps: AppDeps,
  advertiser: AdvertiserContext,
  body: CampaignBulkEditBody,
  rows: CampaignRow[],
): Promise<PlannedCampaign[]> {
  const found = new Map(rows.map((row) => [row.id, row]));
  const banners = await bannerIdsOf(
    deps.db,
    rows.map((row) => row.id),
  );
  const before = await campaignsBefore(deps, rows, advertiser.today);
  const planned: PlannedCampaign[] = [];
  for (const id of body.ids) {
    const row = found.get(id) ?? null;
    const bannerIds = banners.get(id) ?? [];
    const facts = before.get(id);
    if (!row || !facts) {
      planned.push({
        id,
        row: null,
        bannerIds,
        changed: false,
        errors: unknownCampaign,
        issues: fieldIssues(unknownCampaign),
      });
      continue;
    }
    planned.push({ id, row, bannerIds, ...(await planOne(deps, advertiser, body, row, bannerIds, facts)) });
  }
  return planned;
}

function dtoOf(
  advertiser: AdvertiserContext,
  body: CampaignBulkEditBody,
  planned: PlannedCampaign[],
): CampaignBulkEditDto {
  const { field } = body.change;
  const campaigns = planned.map(
    (one): CampaignBulkEditRow => ({
      id: one.id,
      name: one.row?.name ?? null,
      changes:
        one.row && one.changed && one.after !== undefined
          ? [{ field, before: one.row[field], after: one.after }]
          : [],
      errors: one.errors,
      issues: one.issues,
    }),
  );
  return {
    currency: advertiser.currency,
    campaigns,
    changed: planned.filter((one) => one.changed && isEmpty(one.errors)).map((one) => one.id),
  };
}

/**
 * What the change would do to each of the advertiser's campaigns: before and after, and why a
 * campaign cannot take it (an id the advertiser has no campaign of is 'unknown', as another
 * advertiser's is). Writes nothing.
 */
export async function previewBulkEdit(
  deps: AppDeps,
  advertiserId: number,
  body: CampaignBulkEditBody,
): Promise<CampaignBulkEditDto> {
  const advertiser = await advertiserContextOf(deps, advertiserId, new Date());
  const rows = await findCampaigns(deps.db, body.ids, { advertiserId });
  return dtoOf(advertiser, body, await plan(deps, advertiser, body, rows));
}

/**
 * Makes the change to every campaign in the caller's transaction (the campaigns locked first),
 * each changed one logged as a single update logs it; or, when any campaign cannot take it,
 * changes none: 422 `campaigns.bulk_edit_refused` with the errors of each under
 * `campaigns.<id>.<field>` and the preview's rows (`campaignBulkEdit`). Campaigns the change leaves as they are are not written. The
 * bidders hear of it once: the `delivery_changed` notification the campaigns' trigger sends is
 * the same for each row of the advertiser, and one transaction sends it once.
 */
export async function applyBulkEdit(
  deps: AppDeps,
  advertiserId: number,
  body: CampaignBulkEditBody,
  actor: Actor,
): Promise<CampaignBulkEditDto> {
  const advertiser = await advertiserContextOf(deps, advertiserId, new Date());
  const rows = await lockCampaigns(deps.db, body.ids, { advertiserId });
  const planned = await plan(deps, advertiser, body, rows);
  const failing = planned.filter((one) => !isEmpty(one.errors));
  if (failing.length)
    throw new HttpError(422, 'campaigns.bulk_edit_refused', {
      params: { count: failing.length },
      // What the preview would show now, each campaign's errors by code among them.
      extra: { campaignBulkEdit: dtoOf(advertiser, body, planned) },
      errors: Object.fromEntries(
        failing.flatMap((one) =>
          Object.entries(one.errors).map(([key, texts]) => [`campaigns.${one.id}.${key}`, texts]),
        ),
      ),
    });
  const { field } = body.change;
  const changing = planned.filter(
    (one): one is PlannedCampaign & { row: CampaignRow } => one.changed && one.row !== null,
  );
  for (const one of changing)
    await updateCampaign(deps.db, one.id, { [field]: one.after, updatedByAccountId: actor.accountId });
  await recordActivity(
    deps,
    actor,
    changing.map((one) =>
      campaignUpdated(one.row, one.bannerIds, { ...one.row, [field]: one.after }, one.bannerIds),
    ),
  );
  return dtoOf(advertiser, body, planned);
}
