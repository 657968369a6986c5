/** Whether a step's target is on the page and shown: what decides that a step is skipped. */
export type TargetState = 'visible' | 'hidden' | 'missing';

export function targetState(selector: string): TargetState {
  let element: Element | null;
  try {
    element = document.querySelector(selector);
  } catch {
    return 'missing'; // not a valid selector: nothing can match it
  }
  if (!element) return 'missing';
  // The same test as react-joyride's: nothing up the tree is display:none or visibility:hidden.
  for (let node: Element | null = element; node && node !== document.body; node = node.parentElement) {
    const style = getComputedStyle(node);
    if (style.display === 'none' || style.visibility === 'hidden') return 'hidden';
  }
  return 'visible';
}

/** The spec's warning for a step skipped because of its target (section 8). */
export const skippedTargetWarning = (state: Exclude<TargetState, 'visible'>) =>
  state === 'missing' ? 'Target not mounted' : 'Target not visible';

/**
 * Resolves once `selector` is shown and whatever animates it (a sliding menu) has settled, or
 * after `timeoutMs` at the latest.
 */
export async function whenShown(selector: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (targetState(selector) !== 'visible' && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 16));
  }
  const element = document.querySelector(selector);
  if (!element || typeof document.getAnimations !== 'function') return;
  const moving = document
    .getAnimations()
    .filter((animation) => {
      const target = animation.effect instanceof KeyframeEffect ? animation.effect.target : null;
      return target?.contains(element) ?? false;
    })
    .map((animation) =>
      animation.finished.then(
        () => undefined,
        () => undefined,
      ),
    );
  const remaining = Math.max(0, deadline - Date.now());
  await Promise.race([Promise.all(moving), new Promise((resolve) => setTimeout(resolve, remaining))]);
}
