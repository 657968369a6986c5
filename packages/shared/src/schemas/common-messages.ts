/** The texts of the date filters every list shares. */
export const dateMessages = {
  dateFormat: 'Enter a date as YYYY-MM-DD.',
  realDate: 'Enter a real date.',
  endBeforeStart: 'The end date is before the start date.',
} as const;
