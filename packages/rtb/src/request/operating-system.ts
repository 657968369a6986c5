import type { OperatingSystem } from '@rtb/shared';

/** OS names of `device.os`, `sua.platform.brand` and bowser, lower case. */
const osByName = new Map<string, OperatingSystem>([
  ['ios', 'ios'],
  ['ipados', 'ios'],
  ['android', 'android'],
  ['windows', 'windows'],
  ['macos', 'macos'],
  ['mac os x', 'macos'],
  ['mac os', 'macos'],
  ['os x', 'macos'],
  ['linux', 'linux'],
  ['chrome os', 'chromeos'],
  ['chromeos', 'chromeos'],
  ['chromium os', 'chromeos'],
]);

export const desktopSystems: ReadonlySet<OperatingSystem> = new Set([
  'windows',
  'macos',
  'linux',
  'chromeos',
]);

/** The OS a name says ('Mac OS X' is macos); any other name is 'other', none is null. */
export function osFromName(name: string | null): OperatingSystem | null {
  if (!name) return null;
  return osByName.get(name.toLowerCase()) ?? 'other';
}
