import type { AppDeps } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { type Actor, recordActivity } from '../../platform';
import { removeReportFile } from './report-files';
import { deleteReport, findReport } from './repository';

/**
 * Deletes a report and, once that is committed, its file. A report still running stops at its
 * next chunk (its run no longer finds it) and removes what it wrote.
 */
export async function deleteGeneratedReport(deps: AppDeps, id: number, actor: Actor): Promise<void> {
  const before = await findReport(deps.db, id);
  const deleted = before && (await deleteReport(deps.db, id));
  if (!before || !deleted) throw notFound();
  await recordActivity(deps, actor, [
    {
      event: 'deleted',
      entityType: 'generated_report',
      entityId: id,
      before: { type: before.type, status: before.status, ...before.parameters },
    },
  ]);
  const { fileKey } = deleted;
  // After the commit (a rollback keeps the report and its file); retried, then only logged.
  if (fileKey)
    deps.afterCommit(() =>
      deps.background.run('remove a generated report file', () => removeReportFile(deps.config, fileKey)),
    );
}
