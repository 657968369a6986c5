/** A run of the unshaded bids at a multiplier: how many it won, and whatever else it measured. */
export interface MultipliedRun {
  wins: number;
}

/**
 * The run of the unshaded values times m, m in (0, 1], that wins `targetWins` auctions. Wins
 * only grow with m (each auction is won from a price up), so a binary search over runs finds
 * it; where no m gives exactly that many, the run closest to it (the one winning more on a
 * tie). When even the full values win no more, m = 1. At most `maxRuns` runs.
 */
export function sameWinsRun<R extends MultipliedRun>(
  run: (multiplier: number) => R,
  targetWins: number,
  maxRuns = 40,
): { multiplier: number; result: R; runs: number } {
  let best = { multiplier: 1, result: run(1) };
  let runs = 1;
  const distance = (wins: number) => Math.abs(wins - targetWins);
  let [low, high] = [0, 1];
  if (best.result.wins <= targetWins) return { ...best, runs };
  while (runs < maxRuns) {
    const multiplier = (low + high) / 2;
    const result = run(multiplier);
    runs += 1;
    const gap = distance(result.wins) - distance(best.result.wins);
    if (gap < 0 || (gap === 0 && result.wins > best.result.wins)) best = { multiplier, result };
    if (result.wins === targetWins) break;
    if (result.wins < targetWins) low = multiplier;
    else high = multiplier;
  }
  return { ...best, runs };
}
