import type { CpaResult, CpaSettings } from './cpa-section';
import { formatValue } from './format';
import type { Purchases } from './purchases';
import type { FigureRow, SectionReport } from './section';

/** The CPA the goal must beat by this factor at least: 30 % lower. */
export const CPA_GOAL = 0.7;
/** Below this share of its budget a campaign did not really have the same budget. */
const SPENT_SHARE = 0.9;

const cost = (purchases: Purchases, conversions: number) => purchases.spendMicros / conversions;

/** (a)'s figures: the target-CPA campaign beside the max-CPM one, the throttled target-CPA one after. */
export function cpaReport(
  settings: CpaSettings & { history: number },
  history: Purchases,
  result: CpaResult,
): Omit<SectionReport, 'loadAverage'> {
  const campaigns = [result.paced, result.maxCpm, result.throttled];
  const row = (figure: string, unit: FigureRow['unit'], of: (p: Purchases) => number): FigureRow => ({
    figure,
    unit,
    values: campaigns.map(of),
  });
  const rows = [
    row('auctions bid in', 'count', (p) => p.bids),
    row('impressions won', 'count', (p) => p.wins),
    row('spend', 'usd', (p) => p.spendMicros),
    row('mean price (CPM)', 'cpm', (p) => p.spendMicros / p.wins),
    row('clicks', 'count', (p) => p.clicks),
    row('conversions (orders after a click)', 'count', (p) => p.conversions),
    row('conversions expected (truth)', 'expected count', (p) => p.expectedConversions),
    row('cost per conversion', 'usd', (p) => cost(p, p.conversions)),
    row('cost per expected conversion', 'usd', (p) => cost(p, p.expectedConversions)),
  ];
  const ratio = cost(result.paced, result.paced.conversions) / cost(result.maxCpm, result.maxCpm.conversions);
  const spent = result.paced.spendMicros / result.budgetMicros;
  const usd = (micros: number) => formatValue(micros, 'usd');
  const count = (n: number) => formatValue(n, 'count');
  return {
    title: '(a) CPA: a target-CPA campaign against a max-CPM one, same budget, same auctions',
    notes: [
      `history: ${count(settings.history)} opportunities bought at ${formatValue(settings.cpmMicros / 1000, 'cpm')} CPM by the advertiser's earlier campaigns: ` +
        `${count(history.wins)} impressions, ${count(history.clicks)} clicks, ${count(history.conversions)} conversions; ` +
        `their CPA, ${usd(settings.targetCpaMicros)}, is the target`,
      `${count(settings.auctions)} auctions, first price unshaded; each campaign ${usd(result.budgetMicros)}, ` +
        `spread evenly (an allowance per auction); the target-CPA campaign's pacing multiplier averaged ` +
        `${result.meanMultiplier.toFixed(3)} (a target of ${usd(settings.targetCpaMicros * result.meanMultiplier)})`,
    ],
    columns: ['target CPA', 'max CPM', 'target CPA, throttled'],
    rows,
    checks: [
      {
        goal: `cost per conversion at least ${Math.round((1 - CPA_GOAL) * 100)} % under the max-CPM campaign's: ${ratio.toFixed(2)}x`,
        passed: ratio <= CPA_GOAL,
      },
      {
        goal: `the target-CPA campaign spends at least ${SPENT_SHARE * 100} % of its budget: ${(spent * 100).toFixed(1)} %`,
        passed: spent >= SPENT_SHARE,
      },
    ],
  };
}
