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
import { useTranslation } from 'react-i18next';
import { type BlockerFunction, Outlet, useBlocker } from 'react-router';

/** Why leaving a page needs confirmation (spec section 4). */
export type LeaveReason = 'saving' | 'unsavedWithErrors';

const messageKeys: Record<LeaveReason, string> = {
  saving: 'unsavedWhileSaving',
  unsavedWithErrors: 'unsavedWithErrors',
};

/** Each mounted form's reason to keep the user, by form. */
type Registry = Map<string, LeaveReason>;
const LeaveGuardContext = createContext<Registry | null>(null);

/** The reason that counts when several forms have one: saving first. */
function reasonOf(registry: Registry): LeaveReason | null {
  const reasons = [...registry.values()];
  return reasons.includes('saving') ? 'saving' : (reasons[0] ?? null);
}

/**
 * The app's one guard (the router supports one blocker): while a form of the page is saving, or
 * has unsaved changes with errors, leaving asks for confirmation (spec section 4): closing or
 * reloading the tab (beforeunload) and moving inside the app. The prompt is always Polish
 * (spec section 1), whatever the interface language. The root route's element.
 */
export function LeaveGuard({ children }: { children?: ReactNode }) {
  const registry = useRef<Registry>(new Map()).current;
  const { i18n } = useTranslation();
  const messageOf = useCallback(
    (reason: LeaveReason) => i18n.getFixedT('pl', 'common')(messageKeys[reason]),
    [i18n],
  );

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      const reason = reasonOf(registry);
      if (!reason) return;
      event.preventDefault();
      // Older browsers need the return value set; they show their own text anyway.
      event.returnValue = messageOf(reason);
      return event.returnValue;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [registry, messageOf]);

  // Read at navigation time, so a form that has just ended its saving state lets its own move go.
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      reasonOf(registry) !== null &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
    [registry],
  );
  const blocker = useBlocker(shouldBlock);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const reason = reasonOf(registry);
    if (!reason || window.confirm(messageOf(reason))) blocker.proceed();
    else blocker.reset();
  }, [blocker, registry, messageOf]);

  return <LeaveGuardContext.Provider value={registry}>{children ?? <Outlet />}</LeaveGuardContext.Provider>;
}

/** A form's reason to keep the user on the page (or none), registered with the app's guard. */
export function useLeaveGuard(reason: LeaveReason | null): void {
  const registry = useContext(LeaveGuardContext);
  const id = useId();
  // A layout effect: when a form ends its saving state (flushSync) and then opens what it saved,
  // the guard has already let it go.
  useLayoutEffect(() => {
    if (!registry) return;
    if (reason) registry.set(id, reason);
    else registry.delete(id);
    return () => {
      registry.delete(id);
    };
  }, [registry, id, reason]);
}
