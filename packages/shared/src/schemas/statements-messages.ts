/** Texts of the statement's checks (the web app translates them by their codes). */
export const statementMessages = {
  monthFormat: 'Enter a month as YYYY-MM.',
  futureMonth: 'A statement can only be made for this month or an earlier one.',
} as const;
