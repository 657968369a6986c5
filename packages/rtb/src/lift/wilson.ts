/** z of a two-sided 95 % interval. */
export const Z_95 = 1.959963984540054;

/**
 * Wilson's score interval of a proportion (successes of trials): unlike p +- z se it stays in
 * 0..1 and keeps its coverage for rates near 0, as conversion rates are.
 */
export function wilsonInterval(successes: number, trials: number, z = Z_95): [number, number] {
  const p = successes / trials;
  const z2 = z * z;
  const centre = (p + z2 / (2 * trials)) / (1 + z2 / trials);
  const half = (z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / (1 + z2 / trials);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}
