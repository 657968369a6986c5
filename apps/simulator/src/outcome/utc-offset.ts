/**
 * The UTC offset (minutes) of a wall clock that shows `localHour` at `epochMs`, as an exchange
 * tells it (`device.geo.utcoffset`). The world's time zones are whole hours off UTC, between
 * UTC-8 and UTC+2: the hours alone give it (read as -12 to +11 hours).
 */
export function utcOffsetMinutes(localHour: number, epochMs: number): number {
  const utcHour = Math.floor(epochMs / 3_600_000) % 24;
  return (((localHour - utcHour + 36) % 24) - 12) * 60;
}
