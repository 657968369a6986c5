import { stringify } from 'csv-stringify/sync';
import type { AppDeps } from '../../../core/deps';
import { feedImportOf } from './list-imports';
import { allRejections } from './repository';

/**
 * An import's kept rejections as CSV (at most 10,000 rows, so built whole), a header row first.
 * Cells a spreadsheet would run as a formula are quoted with a leading apostrophe.
 */
export async function rejectionsCsv(deps: AppDeps, advertiserId: number, importId: number): Promise<string> {
  await feedImportOf(deps, advertiserId, importId);
  const rows = await allRejections(deps.db, importId);
  return stringify(
    rows.map((row) => [row.position, row.productId ?? '', row.attribute, row.reason]),
    { header: true, columns: ['position', 'product id', 'attribute', 'reason'], escape_formulas: true },
  );
}
