import styles from './chart-legend.module.css';

/** A line (or set of bars) of a chart as its legend shows it. */
export interface LegendEntry {
  id: string;
  name: string;
  colour: string;
  /** An SVG dash array: a dashed or dotted line. */
  dash?: string;
}

/** The names of a chart's lines, each beside a swatch of its colour and dashes. */
export function ChartLegend({ label, entries }: { label: string; entries: readonly LegendEntry[] }) {
  return (
    <ul className={styles.legend} aria-label={label}>
      {entries.map((entry) => (
        <li key={entry.id} className={styles.item}>
          <svg className={styles.swatch} viewBox="0 0 24 8" aria-hidden="true">
            <line
              x1="0"
              y1="4"
              x2="24"
              y2="4"
              stroke={entry.colour}
              strokeWidth="3"
              strokeDasharray={entry.dash}
            />
          </svg>
          {entry.name}
        </li>
      ))}
    </ul>
  );
}
