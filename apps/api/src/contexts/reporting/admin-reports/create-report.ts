import type { GeneratedReportParameters } from '@rtb/db';
import {
  type CreateGeneratedReportBody,
  type GeneratedReportLocale,
  generatedReportLocales,
} from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { type Actor, recordActivity } from '../../platform';
import { getGeneratedReport } from './get-report';
import { insertReport } from './repository';

const isReportLocale = (locale: string): locale is GeneratedReportLocale =>
  (generatedReportLocales as readonly string[]).includes(locale);

/**
 * Queues a report for the worker (the body is checked by `createGeneratedReportBody`): CSV
 * style and language as asked, else the locale style in the admin's own language (English when
 * reports have no words in it).
 */
export async function createGeneratedReport(
  deps: AppDeps,
  body: CreateGeneratedReportBody,
  admin: { accountId: number; locale: string },
  actor: Actor,
) {
  const parameters: GeneratedReportParameters = {
    from: body.from,
    to: body.to,
    format: body.format,
    style: body.style ?? 'locale',
    locale: body.locale ?? (isReportLocale(admin.locale) ? admin.locale : 'en'),
  };
  const id = await insertReport(deps.db, {
    type: body.type,
    parameters,
    createdByAccountId: admin.accountId,
  });
  await recordActivity(deps, actor, [
    {
      event: 'created',
      entityType: 'generated_report',
      entityId: id,
      after: { type: body.type, ...parameters },
    },
  ]);
  return getGeneratedReport(deps, id);
}
