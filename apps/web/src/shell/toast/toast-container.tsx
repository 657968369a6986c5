import { ToastContainer } from 'react-toastify';
import 'react-toastify/ReactToastify.css';
import { useHeaderClearance } from '../side-panel/header-clearance';

/** Space between the top bar or an open side panel's header and the first toast below it. */
const PANEL_GAP_PX = 8;

/**
 * The page's one toast container (`ToastProvider` loads it with the first toast): top-right,
 * draggable (80 %), auto-closing, announced politely (aria-live). Toasts start below the panel's
 * top bar and below an open side panel's header, so they never cover the profile box, a panel's
 * title or its close button.
 */
export function PageToasts({ autoClose }: { autoClose: number }) {
  const panelHeaderBottom = useHeaderClearance();
  return (
    <ToastContainer
      position="top-right"
      autoClose={autoClose}
      draggable
      draggablePercent={80}
      closeOnClick
      pauseOnHover
      newestOnTop
      theme="light"
      style={panelHeaderBottom > 0 ? { top: panelHeaderBottom + PANEL_GAP_PX } : undefined}
    />
  );
}
