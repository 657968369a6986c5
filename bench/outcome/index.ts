/**
 * Outcome-based buying on the simulator's outcome world, in one deterministic run: (a) a
 * target-CPA campaign priced by learned click and conversion models against a max-CPM campaign
 * of the same budget, (b) the models' quality on a hold-out against the truth and a constant,
 * (c) bid shading against unshaded bids at the same number of wins, (d) lift tests' intervals
 * against the true incremental effect; then (e), timed (so not deterministic), what scoring one
 * impression costs. Pure CPU: no server, no database.
 *
 *   npm run bench:outcome
 *   BENCH_AUCTIONS=50000 BENCH_LIFT_RUNS=5 npm run bench:outcome   # a quick run
 *
 * bench/README.md describes the output. Exits 1 when a check fails.
 */
import { printSection } from './print-section';
import { runOutcomeBench } from './run-outcome-bench';
import { timedScoringSection } from './scoring-section';
import { settingsFromEnv } from './settings';

const settings = settingsFromEnv();
console.log(
  `outcome: seed ${settings.seed}; history ${settings.history.toLocaleString('en-US')}, ` +
    `(a) ${settings.auctions.toLocaleString('en-US')} auctions, (b) ${settings.heldOut.toLocaleString('en-US')} held out, ` +
    `(c) ${settings.shadingAuctions.toLocaleString('en-US')} auctions, (d) ${settings.liftRuns} tests of ${settings.liftOpportunities.toLocaleString('en-US')}`,
);
const sections = [...runOutcomeBench(settings, (section) => printSection(section)), timedScoringSection(50)];
printSection(sections.at(-1) as (typeof sections)[number]);
const failed = sections.flatMap((section) => section.checks).filter((check) => !check.passed);
console.log('');
console.log(failed.length ? `outcome: ${failed.length} check(s) FAILED` : 'outcome: every check passed');
if (failed.length) process.exitCode = 1;
