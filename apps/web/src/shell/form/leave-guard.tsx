import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
} from 'react';
import { type BlockerFunction, Outlet, useBlocker } from 'react-router';

/** Why leaving a page needs confirmation (spec section 4). */
export type LeaveReason = 'saving' | 'unsavedWithErrors';

/**
 * The prompts, in Polish whatever the interface language (spec section 1): fixed texts rather than
 * translations, so they need no Polish texts loaded.
 */
const prompts: Record<LeaveReason, string> = {
  saving: 'Dane są w trakcie zapisywania, czy na pewno chcesz to zrobić? (możesz utracić niezapisane zmiany)',
  unsavedWithErrors:
    'Formularz ma niezapisane zmiany z błędami, czy na pewno chcesz wyjść? (możesz utracić niezapisane zmiany)',
};

/**
 * A mounted form's reason to keep the user, and the parameters of the address that only choose
 * which part of it shows (a step): moving between those is not leaving it.
 */
interface Hold {
  reason: LeaveReason;
  viewParams: readonly string[];
}
type Registry = Map<string, Hold>;
const LeaveGuardContext = createContext<Registry | null>(null);

/** The reason that counts when several forms have one: saving first. */
function reasonOf(holds: Iterable<Hold>): LeaveReason | null {
  const reasons = [...holds].map((hold) => hold.reason);
  return reasons.includes('saving') ? 'saving' : (reasons[0] ?? null);
}

/** The query of an address without the parameters named, to compare two addresses by. */
function queryWithout(search: string, params: readonly string[]): string {
  const query = new URLSearchParams(search);
  for (const param of params) query.delete(param);
  return query.toString();
}

/**
 * The app's one guard (the router supports one blocker): while a form of the page is saving, or
 * has unsaved changes with errors, leaving asks for confirmation (spec section 4): closing or
 * reloading the tab (beforeunload) and moving inside the app. The prompt is always Polish
 * (spec section 1), whatever the interface language. The root route's element.
 */
export function LeaveGuard({ children }: { children?: ReactNode }) {
  const registry = useRef<Registry>(new Map()).current;

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      const reason = reasonOf(registry.values());
      if (!reason) return;
      event.preventDefault();
      // Older browsers need the return value set; they show their own text anyway.
      event.returnValue = prompts[reason];
      return event.returnValue;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [registry]);

  // Read at navigation time, so a form that has just ended its saving state lets its own move go.
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      [...registry.values()].some(
        ({ viewParams }) =>
          currentLocation.pathname !== nextLocation.pathname ||
          queryWithout(currentLocation.search, viewParams) !== queryWithout(nextLocation.search, viewParams),
      ),
    [registry],
  );
  const blocker = useBlocker(shouldBlock);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const reason = reasonOf(registry.values());
    if (!reason || window.confirm(prompts[reason])) blocker.proceed();
    else blocker.reset();
  }, [blocker, registry]);

  return <LeaveGuardContext.Provider value={registry}>{children ?? <Outlet />}</LeaveGuardContext.Provider>;
}

const noViewParams: readonly string[] = [];

/**
 * A form's reason to keep the user on the page (or none), registered with the app's guard.
 * `viewParams`: parameters of the address that only choose which part of the form shows (its
 * step); a move that changes only those keeps the form, so it is let go (a constant, not a new
 * array each render).
 */
export function useLeaveGuard(
  reason: LeaveReason | null,
  viewParams: readonly string[] = noViewParams,
): void {
  const registry = useContext(LeaveGuardContext);
  const id = useId();
  // A layout effect: when a form ends its saving state (flushSync) and then opens what it saved,
  // the guard has already let it go.
  useLayoutEffect(() => {
    if (!registry) return;
    if (reason) registry.set(id, { reason, viewParams });
    else registry.delete(id);
    return () => {
      registry.delete(id);
    };
  }, [registry, id, reason, viewParams]);
}
