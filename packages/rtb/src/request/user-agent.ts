import type { DeviceType, OperatingSystem } from '@rtb/shared';
import Bowser from 'bowser';
import { desktopSystems, osFromName } from './operating-system';
import { keepRecent } from './recent-values';

export interface UserAgentDevice {
  type: DeviceType | null;
  os: OperatingSystem | null;
}

/**
 * Parsing a user agent costs more than the rest of a request, and traffic repeats a few thousand
 * of them: the latest ones are kept, at most this many (the oldest go first).
 */
const CACHE_SIZE = 4096;

/** The device type and OS of a user agent string, by bowser. */
export const userAgentDevice = keepRecent(parse, CACHE_SIZE);

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
