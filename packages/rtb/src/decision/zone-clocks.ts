import { localTime } from '../local-time';

/** An advertiser's wall clock as the schedule reads it: the day as a number (20260610) and the hour of the week. */
export interface ZoneClock {
  day: number;
  hourOfWeek: number;
}

/** `2026-06-10` as 20260610: days compare as numbers, faster than as strings. */
export const dayNumber = (day: string) => Number(day.replaceAll('-', ''));

/**
 * The time zones of the indexed campaigns by a small number each, with the zone's clock for the
 * minute it was last read: many campaigns share a zone, and a clock only changes on a minute
 * (UTC offsets are whole minutes), so `localTime` runs once per zone and minute.
 */
export class ZoneClocks {
  readonly #ids = new Map<string, number>();
  readonly #zones: string[] = [];
  readonly #minutes: number[] = [];
  readonly #clocks: ZoneClock[] = [];

  /** The zone's number; null for a zone `Intl` does not know (it would throw on every bid). */
  idOf(timeZone: string): number | null {
    let id = this.#ids.get(timeZone);
    if (id === undefined) {
      try {
        new Intl.DateTimeFormat('en', { timeZone });
      } catch {
        return null;
      }
      id = this.#zones.push(timeZone) - 1;
      this.#ids.set(timeZone, id);
      this.#minutes.push(Number.NaN);
      this.#clocks.push({ day: 0, hourOfWeek: 0 });
    }
    return id;
  }

  /** The clock of zone `id` at `now`. */
  at(id: number, now: Date): ZoneClock {
    const minute = Math.floor(now.getTime() / 60_000);
    if (this.#minutes[id] !== minute) {
      const local = localTime(now, this.#zones[id] as string);
      this.#clocks[id] = { day: dayNumber(local.day), hourOfWeek: local.hourOfWeek };
      this.#minutes[id] = minute;
    }
    return this.#clocks[id] as ZoneClock;
  }
}
