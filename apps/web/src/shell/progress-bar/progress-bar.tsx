import styles from './progress-bar.module.css';

interface ProgressBarProps {
  /** Percent done (0-100); undefined while it cannot be told (the bar then moves on its own). */
  value: number | undefined;
  /** What is progressing, for assistive technology. */
  label: string;
  /** The progress in words ("40%", "12 MB of 30 MB"). */
  valueText: string;
}

/** A progress bar of long work (uploads, imports, generated reports). */
export function ProgressBar({ value, label, valueText }: ProgressBarProps) {
  return (
    <progress className={styles.bar} max={100} value={value} aria-label={label} aria-valuetext={valueText} />
  );
}
