import type { DeviceType, OperatingSystem } from '@rtb/shared';
import type { DeviceFacts } from '../types';
import { countryAlpha2 } from './country-codes';
import { type JsonObject, optionalNumber, optionalObject, optionalString } from './fields';
import { desktopSystems, osFromName } from './operating-system';
import { userAgentDevice } from './user-agent';

const UA_CAP = 512;

/**
 * AdCOM device types (OpenRTB `devicetype`), by value: 1 mobile/tablet, 2 personal computer,
 * 3 connected TV, 4 phone, 5 tablet, 6 connected device (none of ours), 7 set top box.
 */
const typeByDeviceType: readonly (DeviceType | null | undefined)[] = [
  undefined,
  'mobile',
  'desktop',
  'ctv',
  'mobile',
  'tablet',
  null,
  'ctv',
];

/**
 * The device: its type and OS from what the exchange says (`devicetype`, `os`), else the user
 * agent client hints (`sua`), else the user agent string (parsed only then); its country from
 * `device.geo`, else `user.geo`.
 */
export function readDevice(device: JsonObject | null, user: JsonObject | null): DeviceFacts {
  const ua = optionalString(device, 'ua', 'device', UA_CAP);
  const sua = optionalObject(device, 'sua', 'device');
  const suaOs = osFromName(
    optionalString(optionalObject(sua, 'platform', 'device.sua'), 'brand', 'device.sua.platform'),
  );
  let type = typeFromDeviceType(optionalNumber(device, 'devicetype', 'device'));
  let os = osFromName(optionalString(device, 'os', 'device')) ?? suaOs;
  if (type === undefined) type = typeFromSua(optionalNumber(sua, 'mobile', 'device.sua'), suaOs);
  if ((type === undefined || os === null) && ua) {
    const parsed = userAgentDevice(ua);
    if (type === undefined) type = parsed.type;
    os ??= parsed.os;
  }
  return {
    type: type ?? null,
    os,
    country: countryOf(device, 'device', 'device.geo') ?? countryOf(user, 'user', 'user.geo'),
    ua,
    utcOffsetMinutes: utcOffsetOf(device, 'device', 'device.geo') ?? utcOffsetOf(user, 'user', 'user.geo'),
  };
}

/** undefined when the request does not say (absent or a value AdCOM does not define). */
function typeFromDeviceType(value: number | null): DeviceType | null | undefined {
  return value === null ? undefined : typeByDeviceType[value];
}

/** `sua.mobile` is 1 on phones; 0 is a computer, or a tablet when the platform is a mobile one. */
function typeFromSua(mobile: number | null, os: OperatingSystem | null): DeviceType | undefined {
  if (mobile === 1) return 'mobile';
  if (mobile !== 0 || os === null) return undefined;
  if (os === 'android' || os === 'ios') return 'tablet';
  return desktopSystems.has(os) ? 'desktop' : undefined;
}

/** Offsets in use run from UTC-12:00 to UTC+14:00. */
const MIN_UTC_OFFSET = -720;
const MAX_UTC_OFFSET = 840;

/** `geo.utcoffset` in whole minutes; one no time zone has (a fraction, out of range) is unknown, not a reason to refuse. */
function utcOffsetOf(parent: JsonObject | null, path: string, geoPath: string): number | null {
  const offset = optionalNumber(optionalObject(parent, 'geo', path), 'utcoffset', geoPath);
  return offset !== null && Number.isInteger(offset) && offset >= MIN_UTC_OFFSET && offset <= MAX_UTC_OFFSET
    ? offset
    : null;
}

function countryOf(parent: JsonObject | null, path: string, geoPath: string): string | null {
  const country = optionalString(optionalObject(parent, 'geo', path), 'country', geoPath);
  return country === null ? null : countryAlpha2(country);
}
