import { printTable } from '../print-table';
import { formatRatio, formatValue } from './format';
import type { SectionReport } from './section';

/** A section: its title with the load, its notes, its figures beside their baseline and the ratio, its checks. */
export function printSection(section: SectionReport, write: (line: string) => void = console.log): void {
  write('');
  write(`${section.title} (load average ${section.loadAverage.toFixed(2)})`);
  for (const note of section.notes) write(`  ${note}`);
  const [measured = '', baseline = '', ...others] = section.columns;
  printTable(
    ['figure', measured, baseline, 'ratio', ...others],
    section.rows.map((row) => {
      const [value = null, base = null, ...rest] = row.values.map((v) => formatValue(v, row.unit));
      return [row.figure, value ?? '-', base ?? '-', formatRatio(row), ...rest];
    }),
    1,
    write,
  );
  if (section.detail) {
    write('');
    printTable(section.detail.header, section.detail.rows, 1, write);
  }
  for (const check of section.checks) write(`check ${check.passed ? 'passed' : 'FAILED'}: ${check.goal}`);
}
