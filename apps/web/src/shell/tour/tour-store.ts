import {
  clearGuideDeclined,
  clearSeenSteps,
  declineGuide,
  isGuideDeclined,
  readSeenSteps,
  writeSeenSteps,
} from './seen-steps';
import { targetState, whenShown } from './targets';
import { isValidTourSteps, type TourStep } from './tour-step';

/** The tour's status (spec section 4); react-joyride reports the same values while it runs. */
export type TourStatus = 'idle' | 'ready' | 'waiting' | 'running' | 'paused' | 'skipped' | 'finished';

/** Something that can bring a hidden target on screen, e.g. the slide-in menu of small screens. */
export interface TourRevealer {
  canReveal(target: string): boolean;
  reveal(target: string): void;
}

/** One run of the tour: a new run (a new `id`) starts the tour afresh at `startIndex`. */
export interface TourRun {
  id: number;
  startIndex: number;
}

export interface TourSnapshot {
  /** Every registered step, in the order of registration. */
  steps: TourStep[];
  /** False when a registration is not an array of objects with a target. */
  valid: boolean;
  seen: ReadonlySet<string>;
  /** Set while the tour runs (the spec's running flag). */
  run: TourRun | null;
  status: TourStatus;
}

/** How long a revealed target may take to appear (the menu slides in in 220 ms). */
const REVEAL_TIMEOUT_MS = 1000;

/**
 * The guided tour's state, outside React: the registered steps, the seen step keys (in local
 * storage), the running flag and the status. Pages and panels register steps; the runner
 * (react-joyride) reports back what the user did.
 */
export function createTourStore() {
  const registrations = new Map<symbol, { steps: unknown; autoStart: boolean }>();
  const revealers = new Set<TourRevealer>();
  const listeners = new Set<() => void>();
  let seen: ReadonlySet<string> = readSeenSteps();
  let run: TourRun | null = null;
  let ended: TourStatus | null = null;
  let runningStatus: TourStatus = 'running';
  // Closed in this visit (until the next one), or declined with 'Not now' (until Restart guide):
  // it does not start by itself.
  let declined = isGuideDeclined();
  let runs = 0;
  let snapshot = compute();

  function compute(): TourSnapshot {
    const lists = [...registrations.values()].map((registration) => registration.steps);
    const valid = lists.every(isValidTourSteps);
    const steps = valid ? (lists as TourStep[][]).flat() : [];
    const status: TourStatus = run ? runningStatus : (ended ?? (steps.length ? 'ready' : 'idle'));
    return { steps, valid, seen, run, status };
  }

  function changed() {
    snapshot = compute();
    for (const listener of listeners) listener();
  }

  const firstUnseen = () => snapshot.steps.findIndex((step) => !seen.has(step.key));
  const canReveal = (target: string) => [...revealers].some((revealer) => revealer.canReveal(target));

  /** Starts a new run at `startIndex` when there is a valid, non-empty tour. */
  function begin(startIndex: number): boolean {
    if (!snapshot.valid || snapshot.steps.length === 0) return false;
    run = { id: ++runs, startIndex };
    runningStatus = 'running';
    ended = null;
    changed();
    return true;
  }

  /**
   * The tour ended: finished past the last step, or skipped. Skip means "not for me": every
   * registered step counts as seen, so the guide stops (Reset brings it back).
   */
  function finish(status: 'finished' | 'skipped') {
    if (!run) return;
    if (status === 'skipped') {
      seen = new Set([...seen, ...snapshot.steps.map((step) => step.key)]);
      writeSeenSteps(seen);
    }
    run = null;
    ended = status;
    changed();
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    /** Adds steps (validated when the tour starts); `autoStart` asks the tour to start by itself. */
    register(steps: unknown, options: { autoStart?: boolean } = {}) {
      const id = Symbol('tour registration');
      registrations.set(id, { steps, autoStart: options.autoStart ?? false });
      changed();
      return () => {
        registrations.delete(id);
        changed();
      };
    },

    addRevealer(revealer: TourRevealer) {
      revealers.add(revealer);
      return () => {
        revealers.delete(revealer);
      };
    },
    canReveal,
    /** Brings a hidden target on screen if a revealer can; resolves when it is shown. */
    async reveal(target: string) {
      if (targetState(target) === 'visible') return;
      const revealer = [...revealers].find((candidate) => candidate.canReveal(target));
      if (!revealer) return;
      revealer.reveal(target);
      await whenShown(target, REVEAL_TIMEOUT_MS);
    },

    /** Starts at the first unseen step, or from the beginning when all were seen. */
    start: () => begin(Math.max(0, firstUnseen())),

    /**
     * The automatic start (the agency advertisers route): only when a registration asks for it,
     * not closed in this visit nor declined, some step is unseen and one of those can be shown now.
     */
    startAutomatically(): boolean {
      if (run || declined) return false;
      if (![...registrations.values()].some((registration) => registration.autoStart)) return false;
      const showable = snapshot.steps.some(
        (step) => !seen.has(step.key) && (targetState(step.target) === 'visible' || canReveal(step.target)),
      );
      return showable && begin(firstUnseen());
    },

    /** Clears the seen keys and a 'Not now', and starts the guide again (the running flag goes down first). */
    reset() {
      clearSeenSteps();
      clearGuideDeclined();
      seen = new Set();
      run = null;
      changed();
      return begin(0);
    },

    /** Escape or the close button: the tour stops; its steps stay unseen. */
    close() {
      if (!run) return;
      run = null;
      ended = 'paused';
      declined = true;
      changed();
    },

    /** The welcome popup was dismissed ('Not now'): no automatic start until Restart guide, kept in local storage. */
    decline() {
      declined = true;
      declineGuide();
    },

    /**
     * Next marks the step just left as seen. The guide stops once every registered step has
     * been seen (a run over steps that were all seen before goes on to the end).
     */
    markSeen(key: string) {
      if (seen.has(key)) return;
      seen = new Set([...seen, key]);
      writeSeenSteps(seen);
      if (run && firstUnseen() === -1) finish('finished');
      else changed();
    },

    /** The runner's status while it runs (waiting while a target is awaited, running...). */
    setRunningStatus(status: TourStatus) {
      if (!run || status === runningStatus) return;
      runningStatus = status;
      changed();
    },

    /** The runner saw the tour end. */
    end: finish,
  };
}

export type TourStore = ReturnType<typeof createTourStore>;
