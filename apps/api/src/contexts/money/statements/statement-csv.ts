import type { StatementDto, StatementFileQuery } from '@rtb/shared';
import type { ExportColumn, SendExportOptions } from '../../../core/exports';
import { descriptionOf, operationOf } from './line-texts';
import { monthName, statementTexts } from './texts';

type CsvRow = {
  account: string;
  day: string;
  operation: string;
  description: string;
  postings: number | null;
  amount: number | null;
  balance: number;
};

/** The file name of a statement: `statement-2026-05-advertiser-4`. */
export const statementFilename = (statement: StatementDto) =>
  `statement-${statement.month}-${statement.kind}-${statement.organisation.id}`;

/**
 * A statement as CSV rows: per account, its opening balance, every line with the running
 * balance after it, and its closing balance. The lines' amounts add up to closing minus opening.
 */
export function statementCsv(
  statement: StatementDto,
  query: Pick<StatementFileQuery, 'locale' | 'style'>,
  minorUnits: number,
): SendExportOptions<CsvRow> {
  const texts = statementTexts[query.locale];
  const money = (key: 'amount' | 'balance', header: string): ExportColumn<CsvRow> => ({
    key,
    header,
    type: 'money',
    unit: 'minor',
    digits: minorUnits,
  });
  const columns: ExportColumn<CsvRow>[] = [
    { key: 'account', header: texts.columns.account, type: 'text' },
    { key: 'day', header: texts.columns.date, type: 'date' },
    { key: 'operation', header: texts.columns.operation, type: 'text' },
    { key: 'description', header: texts.columns.description, type: 'text' },
    { key: 'postings', header: texts.columns.postings, type: 'integer' },
    money('amount', texts.columns.amount),
    money('balance', texts.columns.balance),
  ];
  const period = `${monthName(texts, statement.month)}${statement.complete ? '' : ` (${texts.toDate})`}`;
  const rows = statement.accounts.flatMap((account): CsvRow[] => {
    const name = texts.accounts[account.account];
    const edge = (day: string, operation: string, balance: number): CsvRow => ({
      account: name,
      day,
      operation,
      description: period,
      postings: null,
      amount: null,
      balance,
    });
    return [
      edge(statement.from, texts.opening, account.opening),
      ...account.lines.map((line) => ({
        account: name,
        day: line.day,
        operation: operationOf(texts, account.account, line),
        description: descriptionOf(texts, account.account, line),
        postings: line.postings,
        amount: line.amount,
        balance: line.balance,
      })),
      edge(statement.to, texts.closing, account.closing),
    ];
  });
  return {
    format: 'csv',
    style: query.style,
    locale: query.locale,
    timeZone: statement.timeZone,
    filename: statementFilename(statement),
    columns,
    rows,
  };
}
