import { describe, expect, it } from 'vitest';
import { printSection } from './print-section';
import { runOutcomeBench } from './run-outcome-bench';
import type { OutcomeBenchSettings } from './settings';

/** The whole bench at a tiny size: too small for its goals, big enough for every figure to be computed. */
const tiny: OutcomeBenchSettings = {
  seed: 3,
  history: 2_000,
  auctions: 2_000,
  heldOut: 1_000,
  shadingAuctions: 2_000,
  liftRuns: 2,
  liftOpportunities: 1_000,
};

describe('the outcome bench', () => {
  it('runs every section at a tiny size, printing each figure and check, the same on every run', () => {
    const lines: string[] = [];
    const sections = runOutcomeBench(tiny, (section) => printSection(section, (line) => lines.push(line)));
    expect(sections.map((section) => section.title.slice(0, 3))).toEqual(['(a)', '(b)', '(c)', '(d)']);
    for (const section of sections) {
      expect(Number.isFinite(section.loadAverage)).toBe(true);
      expect(section.rows.length).toBeGreaterThan(0);
      expect(section.checks.length).toBeGreaterThan(0);
      for (const row of section.rows) expect(row.values.length).toBe(section.columns.length);
      for (const check of section.checks) {
        expect(typeof check.passed).toBe('boolean');
        expect(lines).toContain(`check ${check.passed ? 'passed' : 'FAILED'}: ${check.goal}`);
      }
    }
    const [cpa, , shading, lift] = sections;
    // Each campaign of (a) bought something.
    const spend = cpa?.rows.find((row) => row.figure === 'spend')?.values ?? [];
    expect(spend).toHaveLength(3);
    expect(spend.every((value) => value !== null && value > 0)).toBe(true);
    expect(shading?.rows.find((row) => row.figure === 'impressions won')?.values[0]).toBeGreaterThan(0);
    expect(lift?.detail?.rows).toHaveLength(tiny.liftRuns);

    const again = runOutcomeBench(tiny, () => {});
    const withoutLoad = (list: typeof sections) => list.map(({ loadAverage: _load, ...rest }) => rest);
    expect(withoutLoad(again)).toEqual(withoutLoad(sections));
  });
});
