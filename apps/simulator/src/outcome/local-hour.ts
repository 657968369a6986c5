const formatters = new Map<string, Intl.DateTimeFormat>();
/** Each zone's local hour for the UTC hour it was last asked (the zones used are whole hours off UTC). */
const lastHour = new Map<string, { utcHour: number; local: number }>();

/** The hour of the day (0-23) at `epochMs` on a wall clock in `timeZone`. */
export function localHour(timeZone: string, epochMs: number): number {
  const utcHour = Math.floor(epochMs / 3_600_000);
  const last = lastHour.get(timeZone);
  if (last?.utcHour === utcHour) return last.local;
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', { timeZone, hour: 'numeric', hourCycle: 'h23' });
    formatters.set(timeZone, formatter);
  }
  const local = Number(formatter.format(epochMs));
  lastHour.set(timeZone, { utcHour, local });
  return local;
}
