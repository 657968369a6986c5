/** How a figure reads: a count, money (micro-units), a CPM (micro-units per impression), a score, a rate. */
export type Unit = 'count' | 'expected count' | 'usd' | 'cpm' | 'score' | 'rate' | 'multiplier';

/** A figure of each column (null where it does not apply); the ratio is the first over the second. */
export interface FigureRow {
  figure: string;
  unit: Unit;
  values: (number | null)[];
}

/** A goal of the bench: failing one fails the run. */
export interface Check {
  goal: string;
  passed: boolean;
}

/** What a section printed and checked. */
export interface SectionReport {
  title: string;
  /** The 1-minute load average when the section ended (`os.loadavg()`). */
  loadAverage: number;
  notes: string[];
  /** The columns of `rows`: the measured one first, then its baseline, then any others. */
  columns: string[];
  rows: FigureRow[];
  /** A table of its own (the lift tests' runs), printed after the figures. */
  detail?: { header: string[]; rows: string[][] };
  checks: Check[];
}
