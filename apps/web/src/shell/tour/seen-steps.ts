import { local } from '../../lib/storage';

/** The keys of the steps the user has moved past with Next, kept under `guide_seen_steps`. */
export function readSeenSteps(): Set<string> {
  const stored = local.get('guideSeenSteps');
  if (!stored) return new Set();
  try {
    const keys: unknown = JSON.parse(stored);
    return new Set(Array.isArray(keys) ? keys.filter((key): key is string => typeof key === 'string') : []);
  } catch {
    return new Set(); // not ours, or damaged: nothing counts as seen
  }
}

export function writeSeenSteps(keys: ReadonlySet<string>): void {
  local.set('guideSeenSteps', JSON.stringify([...keys]));
}

export function clearSeenSteps(): void {
  local.remove('guideSeenSteps');
}

/** Whether the user declined the guide ('Not now'): it does not start by itself until restarted. */
export const isGuideDeclined = (): boolean => local.get('guideDeclined') !== null;

export const declineGuide = (): void => local.set('guideDeclined', String(Date.now()));

export const clearGuideDeclined = (): void => local.remove('guideDeclined');
