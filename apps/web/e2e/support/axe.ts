import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
type Violation = AxeResults['violations'][number];

const blocking = new Set(['serious', 'critical']);

/** One violation per paragraph: rule, impact, help and the offending nodes. */
export function formatViolations(violations: Violation[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 8)
        .map(
          (node) =>
            `    - ${node.target.join(' ')}\n      ${node.failureSummary?.replaceAll('\n', '\n      ')}`,
        )
        .join('\n');
      const more = v.nodes.length > 8 ? `\n    ... and ${v.nodes.length - 8} more` : '';
      return `[${v.impact}] ${v.id}: ${v.help}\n  ${v.helpUrl}\n${nodes}${more}`;
    })
    .join('\n\n');
}

/**
 * Waits until the page is still: no side panel on its way out (a closing panel stays in the page,
 * fading, for 500 ms), no list loading (a busy table box dims its rows to 70 %) and no finite
 * CSS animation or transition running. axe measures contrast as it finds it, so a half-faded
 * layer over the page fails it (a flaky test under load: the admin's agencies list, dimmed).
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.querySelector(
        '[data-side-modal][data-state="closing"], [data-side-modal][data-state="opening"], [aria-busy="true"]:has(> table)',
      ) &&
      document.getAnimations().every((animation) => {
        if (animation.playState !== 'running') return true;
        // Endless ones (spinners, pulses) never end, and a toast's progress bar is its timer.
        const target = animation.effect instanceof KeyframeEffect ? animation.effect.target : null;
        if (target?.classList.contains('Toastify__progress-bar')) return true;
        return animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY;
      }),
    undefined,
    { timeout: 10_000 },
  );
}

/**
 * Runs axe-core (WCAG 2.x A/AA and best practices) on the page once it is still (`settled`) and
 * returns the serious and critical violations, printed when there are any.
 */
export async function seriousViolations(page: Page, label: string): Promise<Violation[]> {
  await settled(page);
  // Frames sandboxed without scripts (the dynamic banners' previews: ad markup, not the panel)
  // cannot run axe: injecting it would wait out a timeout per frame.
  const results = await new AxeBuilder({ page })
    .exclude('iframe[sandbox]:not([sandbox~="allow-scripts"])')
    .analyze();
  const found = results.violations.filter((v) => blocking.has(v.impact ?? ''));
  if (found.length > 0) {
    console.error(
      `axe: ${found.length} serious/critical violation(s) on ${label}:\n${formatViolations(found)}`,
    );
  }
  return found;
}

/** A readable summary for an assertion message. */
export const violationSummary = (violations: Violation[]) =>
  violations.map((v) => `${v.impact} ${v.id} (${v.nodes.length})`);

/** Fails when axe finds serious or critical violations on the page (see `seriousViolations`). */
export async function axeClean(page: Page, where: string): Promise<void> {
  expect(violationSummary(await seriousViolations(page, where))).toEqual([]);
}
