import { createContext, lazy, type ReactNode, Suspense, useContext, useEffect, useState } from 'react';
import { useToastRaised } from './toasts-raised';

/** The toast library's default; the agency shell uses 3000 ms (spec section 8). */
export const TOAST_AUTO_CLOSE_MS = 5000;
export const AGENCY_TOAST_AUTO_CLOSE_MS = 3000;

const AutoCloseContext = createContext<((ms: number | null) => void) | null>(null);

const PageToasts = lazy(() => import('./toast-container').then((m) => ({ default: m.PageToasts })));

/**
 * Holds the page's toast container (`PageToasts`), which loads with the first toast raised: the
 * toast library waits for it and then shows the toast, and a page that raises none (the login
 * page) never loads it.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [override, setOverride] = useState<number | null>(null);
  const raised = useToastRaised();
  return (
    <AutoCloseContext.Provider value={setOverride}>
      {children}
      {raised && (
        <Suspense fallback={null}>
          <PageToasts autoClose={override ?? TOAST_AUTO_CLOSE_MS} />
        </Suspense>
      )}
    </AutoCloseContext.Provider>
  );
}

/** While mounted, toasts auto-close after `ms` (the agency shell uses 3000 ms). */
export function useToastAutoClose(ms: number): void {
  const set = useContext(AutoCloseContext);
  useEffect(() => {
    if (!set) return;
    set(ms);
    return () => set(null);
  }, [set, ms]);
}
