/** The steps an axis may take, times a power of ten: values read at a glance (0, 2.5, 5, 7.5). */
const roundSteps = [1, 2, 2.5, 5, 10] as const;

/**
 * The ticks of a value axis from 0 to at least `max`: about `count` of them, a round step apart
 * (1, 2, 2.5 or 5 times a power of ten; whole steps only for counts).
 */
export function roundTicks(max: number, { count = 5, whole = false } = {}): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = max / (count - 1);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step =
    roundSteps
      .map((factor) => factor * power)
      .find((candidate) => candidate >= rough && (!whole || Number.isInteger(candidate))) ??
    Math.max(1, Math.ceil(rough));
  const steps = Math.ceil(max / step - 1e-9);
  return Array.from({ length: steps + 1 }, (_, i) => Number((i * step).toPrecision(12)));
}
