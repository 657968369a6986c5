import type { Random } from '../random';

/** Where the visitors of each country live (IANA zones, with their share of its people). */
const zonesOf: Readonly<Record<string, readonly { value: string; weight: number }[]>> = {
  POL: [{ value: 'Europe/Warsaw', weight: 1 }],
  DEU: [{ value: 'Europe/Berlin', weight: 1 }],
  USA: [
    { value: 'America/New_York', weight: 47 },
    { value: 'America/Chicago', weight: 29 },
    { value: 'America/Denver', weight: 7 },
    { value: 'America/Los_Angeles', weight: 17 },
  ],
  GBR: [{ value: 'Europe/London', weight: 1 }],
  FRA: [{ value: 'Europe/Paris', weight: 1 }],
  CZE: [{ value: 'Europe/Prague', weight: 1 }],
  NLD: [{ value: 'Europe/Amsterdam', weight: 1 }],
  AUT: [{ value: 'Europe/Vienna', weight: 1 }],
  ESP: [{ value: 'Europe/Madrid', weight: 1 }],
  SVK: [{ value: 'Europe/Bratislava', weight: 1 }],
};

/** A home time zone in the visitor's country (UTC where the simulator knows none). */
export function drawTimeZone(random: Random, country: string): string {
  const zones = zonesOf[country];
  return zones ? random.weighted(zones) : 'UTC';
}
