/** `YYYY-MM` of a day in the browser's time zone. */
export function monthOf(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
}

/** How many months back a statement can be picked (two years, the current month besides). */
export const STATEMENT_MONTHS_BACK = 24;

/** The months a statement can be picked for, newest first: the current month (to date), then two years back. */
export function statementMonths(now: Date = new Date()): string[] {
  return Array.from({ length: STATEMENT_MONTHS_BACK + 1 }, (_, back) =>
    monthOf(new Date(now.getFullYear(), now.getMonth() - back, 1)),
  );
}

/** A month's name in the language: `May 2026`, `maj 2026`. */
export function monthLabel(month: string, language: string): string {
  const [year, number] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year ?? 2000, (number ?? 1) - 1, 1)),
  );
}
