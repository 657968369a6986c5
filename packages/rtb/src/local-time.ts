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
export type LocalTime = { readonly day: string; readonly hourOfWeek: number };

/** Each zone's wall clock for the minute it was last read (UTC offsets are whole minutes). */
const lastMinute = new Map<string, { minute: number; local: LocalTime }>();

/**
 * `now` in `timeZone` (an IANA name). `Intl` takes tens of microseconds a call and the bidder
 * asks for the same few zones on every bid, so each zone's answer is kept for its minute.
 */
export function localTime(now: Date, timeZone: string): LocalTime {
  const minute = Math.floor(now.getTime() / 60_000);
  const last = lastMinute.get(timeZone);
  if (last?.minute === minute) return last.local;
  const parts = Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  const weekday = weekdays.indexOf(parts.weekday ?? '');
  const local: LocalTime = Object.freeze({
    day: `${parts.year}-${parts.month}-${parts.day}`,
    hourOfWeek: weekday * 24 + Number(parts.hour),
  });
  lastMinute.set(timeZone, { minute, local });
  return local;
}
