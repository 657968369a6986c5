import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

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
 * Runs axe-core (WCAG 2.x A/AA and best practices) on the page as it is and returns the
 * serious and critical violations, printed when there are any.
 */
export async function seriousViolations(page: Page, label: string): Promise<Violation[]> {
  const results = await new AxeBuilder({ page }).analyze();
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
