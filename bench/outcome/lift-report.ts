import { formatValue } from './format';
import type { LiftRun, LiftSettings } from './lift-section';
import type { SectionReport } from './section';

/** Most of the 95 % intervals hold the truth: at least 80 % of them (16 of 20; fewer happens 0.3 % of the time at 95 % coverage). */
export const COVERAGE_GOAL = 0.8;

const rate = (value: number) => formatValue(value, 'rate');

/** (d)'s figures: the estimates beside the truth over the runs, and each run's interval. */
export function liftReport(
  settings: LiftSettings,
  runs: readonly LiftRun[],
): Omit<SectionReport, 'loadAverage'> {
  const covered = runs.filter((run) => run.covered).length;
  const significant = runs.filter((run) => run.estimate?.significant).length;
  const mean = (of: (run: LiftRun) => number) => runs.reduce((sum, run) => sum + of(run), 0) / runs.length;
  const sum = (of: (run: LiftRun) => number) => runs.reduce((total, run) => total + of(run), 0);
  return {
    title: '(d) Lift: a campaign holding out 10 % of users, its estimate against the true incremental effect',
    notes: [
      `${runs.length} worlds of ${settings.opportunities.toLocaleString('en-US')} opportunities (seeds ${settings.seed + 1}-${settings.seed + runs.length}); ` +
        `the campaign bids ${formatValue(settings.cpmMicros / 1000, 'cpm')} CPM on exposed users, never on held-out ones; users without an id are outside the test`,
      "truth: over the exposed users, what our ads added to each one's chance of converting (from the world's probabilities)",
      `significant (interval leaves out 0): ${significant} of ${runs.length}`,
    ],
    columns: ['estimated', 'true'],
    rows: [
      {
        figure: 'conversion rate difference, mean of the runs',
        unit: 'rate',
        values: [mean((run) => run.estimate?.rateDifference ?? 0), mean((run) => run.trueRateDifference)],
      },
      {
        figure: 'incremental conversions, all runs',
        unit: 'expected count',
        values: [
          sum((run) => run.estimate?.incrementalConversions ?? 0),
          sum((run) => run.trueIncrementalConversions),
        ],
      },
    ],
    detail: {
      header: [
        'seed',
        'exposed',
        'converted',
        'held out',
        'converted',
        'difference',
        '95 % interval',
        'true',
        'holds',
      ],
      rows: runs.map((run) => {
        const [low, high] = run.estimate?.rateDifferenceInterval ?? [Number.NaN, Number.NaN];
        return [
          String(run.seed),
          run.counts.exposedUsers.toLocaleString('en-US'),
          String(run.counts.exposedConversions),
          run.counts.heldOutUsers.toLocaleString('en-US'),
          String(run.counts.heldOutConversions),
          rate(run.estimate?.rateDifference ?? Number.NaN),
          `${rate(low)} to ${rate(high)}`,
          rate(run.trueRateDifference),
          run.covered ? 'yes' : 'no',
        ];
      }),
    },
    checks: [
      {
        goal: `the interval holds the true difference in most runs (at least ${COVERAGE_GOAL * 100} %): ${covered} of ${runs.length}`,
        passed: runs.length > 0 && covered >= COVERAGE_GOAL * runs.length,
      },
    ],
  };
}
