import type { FigureRow, SectionReport } from './section';
import type { ShadingResult, ShadingRun } from './shading-section';

/** The mean price per won impression the shaded bids must beat by this factor at least: 20 % lower. */
export const SHADING_GOAL = 0.8;
/** "The same wins": the search gets to within this share of them (exactly, on ordinary runs). */
const WINS_TOLERANCE = 0.001;

/** (c)'s figures: shaded beside unshaded at the same wins, unshaded at the full value after. */
export function shadingReport(
  settings: { auctions: number; targetCpaMicros: number },
  result: ShadingResult,
): Omit<SectionReport, 'loadAverage'> {
  const runs = [result.shaded, result.sameWins.result, result.unshaded];
  const row = (figure: string, unit: FigureRow['unit'], of: (run: ShadingRun) => number): FigureRow => ({
    figure,
    unit,
    values: runs.map(of),
  });
  const meanPrice = (run: ShadingRun) => run.priceMicros / run.wins;
  const ratio = meanPrice(result.shaded) / meanPrice(result.sameWins.result);
  const winsOff = Math.abs(result.sameWins.result.wins - result.shaded.wins);
  return {
    title:
      '(c) Shading in first-price auctions: shaded bids against unshaded ones at the same number of wins',
    notes: [
      `${result.auctions.toLocaleString('en-US')} of the next ${settings.auctions.toLocaleString('en-US')} opportunities worth their floor at the target CPA (the unshaded bid); ` +
        `curves of ${result.segments.toLocaleString('en-US')} segments (exchange seat, domain, size; exchange and size; exchange)`,
      `same wins: the values times ${result.sameWins.multiplier.toFixed(4)}, found in ${result.sameWins.runs} runs (binary search)`,
    ],
    columns: ['shaded', 'unshaded x m', 'unshaded'],
    rows: [
      row('impressions won', 'count', (run) => run.wins),
      row('mean price per won impression (CPM)', 'cpm', meanPrice),
      row('spend', 'usd', (run) => run.priceMicros),
      row('value won', 'usd', (run) => run.valueMicros),
      row('surplus (value - price)', 'usd', (run) => run.valueMicros - run.priceMicros),
      row('surplus per won impression (CPM)', 'cpm', (run) => (run.valueMicros - run.priceMicros) / run.wins),
    ],
    checks: [
      {
        goal: `the unshaded bids win as many: ${result.sameWins.result.wins.toLocaleString('en-US')} against ${result.shaded.wins.toLocaleString('en-US')}`,
        passed: result.shaded.wins > 0 && winsOff <= Math.max(1, WINS_TOLERANCE * result.shaded.wins),
      },
      {
        goal: `mean price per won impression at least ${Math.round((1 - SHADING_GOAL) * 100)} % under unshaded at the same wins: ${ratio.toFixed(2)}x`,
        passed: ratio <= SHADING_GOAL,
      },
    ],
  };
}
