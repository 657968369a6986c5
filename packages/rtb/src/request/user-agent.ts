import type { DeviceType, OperatingSystem } from '@rtb/shared';
import Bowser from 'bowser';
import { desktopSystems, osFromName } from './operating-system';

export interface UserAgentDevice {
  type: DeviceType | null;
  os: OperatingSystem | null;
}

/**
 * Parsing a user agent costs more than the rest of a request, and traffic repeats a few thousand
 * of them: the latest ones are kept, at most this many (the oldest go first).
 */
const CACHE_SIZE = 4096;
const cache = new Map<string, UserAgentDevice>();

/** The device type and OS of a user agent string, by bowser. */
export function userAgentDevice(ua: string): UserAgentDevice {
  let device = cache.get(ua);
  if (device === undefined) {
    device = parse(ua);
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    cache.set(ua, device);
  }
  return device;
}

function parse(ua: string): UserAgentDevice {
  const parser = Bowser.getParser(ua, true); // parses each part only when asked
  const os = osFromName(parser.getOSName());
  // bowser knows no platform for some computers (Chromebooks): their OS tells.
  const type =
    typeFromPlatform(parser.getPlatformType()) ?? (os && desktopSystems.has(os) ? 'desktop' : null);
  return { type, os };
}

function typeFromPlatform(platform: string): DeviceType | null {
  if (platform === 'desktop' || platform === 'mobile' || platform === 'tablet') return platform;
  return platform === 'tv' ? 'ctv' : null;
}
