const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      weekday: 'short',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** An instant as the advertiser's wall clock: its day (`YYYY-MM-DD`) and hour of the week (0 = Monday 00:00). */
export type LocalTime = { day: string; hourOfWeek: number };

/** `now` in `timeZone` (an IANA name). */
export function localTime(now: Date, timeZone: string): LocalTime {
  const parts = Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  const weekday = weekdays.indexOf(parts.weekday ?? '');
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    hourOfWeek: weekday * 24 + Number(parts.hour),
  };
}
