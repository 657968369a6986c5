import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/ReactToastify.css';

/** The toast library's default; the agency shell uses 3000 ms (spec section 8). */
export const TOAST_AUTO_CLOSE_MS = 5000;
export const AGENCY_TOAST_AUTO_CLOSE_MS = 3000;

const AutoCloseContext = createContext<((ms: number | null) => void) | null>(null);

/** The page's one toast container: top-right, draggable (80 %), auto-closing. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [override, setOverride] = useState<number | null>(null);
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
