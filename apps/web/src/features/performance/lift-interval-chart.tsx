import styles from './performance.module.css';

const WIDTH = 320;
const HEIGHT = 44;
const PAD = 12;
const MID = 18;

/**
 * The lift's 95 % interval as a bar on a line with zero marked, the estimate a dot on it: an
 * interval clear of zero is a significant lift. For the eye only; the text beside says it in words.
 */
export function LiftIntervalChart({ low, high, estimate }: { low: number; high: number; estimate: number }) {
  const min = Math.min(low, 0);
  const max = Math.max(high, 0);
  const span = max - min || 1;
  const x = (value: number) => PAD + ((value - min) / span) * (WIDTH - 2 * PAD);
  return (
    <svg className={styles.liftChart} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden="true">
      <line x1={PAD} x2={WIDTH - PAD} y1={MID} y2={MID} stroke="var(--color-border)" />
      <line x1={x(0)} x2={x(0)} y1={4} y2={MID + 12} stroke="var(--color-muted)" strokeDasharray="3 3" />
      <text x={x(0)} y={HEIGHT - 2} textAnchor="middle" fill="var(--color-muted)" fontSize="10">
        0
      </text>
      <rect
        x={x(low)}
        y={MID - 5}
        width={Math.max(2, x(high) - x(low))}
        height={10}
        rx={5}
        fill="var(--color-primary-soft)"
        stroke="var(--color-primary)"
      />
      <circle cx={x(estimate)} cy={MID} r={4} fill="var(--color-primary-dark)" />
    </svg>
  );
}
