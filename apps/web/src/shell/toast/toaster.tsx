import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/ReactToastify.css';
import { useHeaderClearance } from '../side-panel/header-clearance';

/** The toast library's default; the agency shell uses 3000 ms (spec section 8). */
export const TOAST_AUTO_CLOSE_MS = 5000;
export const AGENCY_TOAST_AUTO_CLOSE_MS = 3000;

const AutoCloseContext = createContext<((ms: number | null) => void) | null>(null);

/** Space between the top bar or an open side panel's header and the first toast below it. */
const PANEL_GAP_PX = 8;

/**
 * The page's one toast container: top-right, draggable (80 %), auto-closing, announced politely
 * (aria-live). Toasts start below the panel's top bar and below an open side panel's header, so
 * they never cover the profile box, a panel's title or its close button.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [override, setOverride] = useState<number | null>(null);
  const panelHeaderBottom = useHeaderClearance();
  return (
    <AutoCloseContext.Provider value={setOverride}>
      {children}
      <ToastContainer
        position="top-right"
        autoClose={override ?? TOAST_AUTO_CLOSE_MS}
        draggable
        draggablePercent={80}
        closeOnClick
        pauseOnHover
        newestOnTop
        theme="light"
        style={panelHeaderBottom > 0 ? { top: panelHeaderBottom + PANEL_GAP_PX } : undefined}
      />
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
