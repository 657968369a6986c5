/** The longest period a report covers, in days (both ends included). */
export const REPORT_MAX_DAYS = 366;

/** The longest period an hourly report covers, in days. */
export const REPORT_HOUR_MAX_DAYS = 31;

/** The most rows an export holds (a spreadsheet opens it; the API reads them in one snapshot). */
export const REPORT_EXPORT_MAX_ROWS = 200_000;

/** Texts of the report's rules (the web app translates them by these words). */
export const reportMessages = {
  rangeTooLong: `A report covers at most ${REPORT_MAX_DAYS} days.`,
  hourRangeTooLong: `A report by hour covers at most ${REPORT_HOUR_MAX_DAYS} days.`,
  exportTooLarge: `An export holds at most ${REPORT_EXPORT_MAX_ROWS.toLocaleString('en')} rows: choose a shorter period or split by less.`,
} as const;
