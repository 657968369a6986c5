import { minorUnitsOf } from '@rtb/ledger';
import type { StatementDto, StatementFileQuery } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { type StatementRequest, statementOf } from './statement';
import { statementCsv, statementFilename } from './statement-csv';
import { renderStatementPdf } from './statement-pdf';

export type StatementFile =
  | { format: 'csv'; export: ReturnType<typeof statementCsv> }
  | { format: 'pdf'; filename: string; content: Buffer };

async function minorUnitsOfStatement(deps: AppDeps, statement: StatementDto): Promise<number> {
  if (!statement.currency) return 2;
  return (await minorUnitsOf(deps.db, [statement.currency.id])).get(statement.currency.id) ?? 2;
}

/** A statement as a file: CSV (its rows) or PDF, in the user's language. */
export async function statementFile(
  deps: AppDeps,
  request: StatementRequest,
  query: StatementFileQuery,
): Promise<StatementFile> {
  const statement = await statementOf(deps, request);
  const minorUnits = await minorUnitsOfStatement(deps, statement);
  if (query.format === 'csv') return { format: 'csv', export: statementCsv(statement, query, minorUnits) };
  return {
    format: 'pdf',
    filename: `${statementFilename(statement)}.pdf`,
    content: await renderStatementPdf(statement, query.locale, minorUnits),
  };
}
