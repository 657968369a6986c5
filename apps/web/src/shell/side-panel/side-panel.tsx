import { SIDE_PANEL_CLOSE_MS, SIDE_PANEL_SHOW_DELAY_MS } from '@rtb/shared';
import {
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Icon } from '../icons/icon';
import { useIsMobile } from '../use-media-query';
import { type HeaderClearance, headerClearance } from './header-clearance';
import { SIDE_MODAL_ATTRIBUTE, type SideModalLayer, sideModalLayer } from './side-modal-layer';
import styles from './side-panel.module.css';

export type SidePanelPosition = 'right' | 'bottom' | 'top';
export type SidePanelSize = 'small' | 'medium' | 'large' | 'xlarge';
export type SidePanelContentType = 'page' | 'aside';
/** closed -> opening (rendered) -> open (visible after 100 ms) -> closing -> closed (after 500 ms). */
export type SidePanelState = 'closed' | 'opening' | 'open' | 'closing';

export interface SidePanelProps {
  /** Defaults to true: mounting the panel opens it. */
  open?: boolean;
  /** Called once the panel has closed (500 ms after the close request). */
  onClose: () => void;
  title: ReactNode;
  subtitle?: ReactNode;
  position?: SidePanelPosition;
  size?: SidePanelSize;
  contentType?: SidePanelContentType;
  /** A new value closes the panel (a parent's way to close it after, e.g., a save). */
  closeTimestamp?: number | string | null;
  footer?: ReactNode;
  children?: ReactNode;
  onStateChange?: (state: SidePanelState) => void;
  /** The layer to count in; the page's one by default. */
  layer?: SideModalLayer;
  /** Where the panel reports how far down its header reaches (toasts start below it). */
  clearance?: HeaderClearance;
}

const focusableSelector =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal panel sliding in from the right, the bottom or the top (spec sections 2 and 4). Under
 * 768px it is always large at the bottom. Escape (wherever the focus is: the topmost panel
 * closes), the backdrop and the close icon request a close; so do a new `closeTimestamp` and
 * the side-modal layer closing. The root says `data-state` (`closed` is gone from the page).
 */
export function SidePanel({
  open = true,
  onClose,
  title,
  subtitle,
  position = 'right',
  size = 'medium',
  contentType = 'page',
  closeTimestamp,
  footer,
  children,
  onStateChange,
  layer = sideModalLayer,
  clearance = headerClearance,
}: SidePanelProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const [state, setState] = useState<SidePanelState>(open ? 'opening' : 'closed');
  const rootRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const headerRef = useRef<HTMLElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const onCloseRef = useRef(onClose);
  const onStateChangeRef = useRef(onStateChange);
  const titleId = useId();
  const subtitleId = useId();
  onCloseRef.current = onClose;
  onStateChangeRef.current = onStateChange;

  const requestClose = useCallback(() => {
    setState((current) => (current === 'opening' || current === 'open' ? 'closing' : current));
  }, []);

  // The `open` prop opens and closes it.
  useEffect(() => {
    if (open) setState((current) => (current === 'closed' ? 'opening' : current));
    else requestClose();
  }, [open, requestClose]);

  // A changed close timestamp closes it.
  const lastTimestamp = useRef(closeTimestamp);
  useEffect(() => {
    if (closeTimestamp === lastTimestamp.current) return;
    lastTimestamp.current = closeTimestamp;
    requestClose();
  }, [closeTimestamp, requestClose]);

  // Timings: visible after 100 ms; closed (and the callback) 500 ms after the close request.
  useEffect(() => {
    onStateChangeRef.current?.(state);
    if (state === 'opening') {
      const timer = setTimeout(() => setState('open'), SIDE_PANEL_SHOW_DELAY_MS);
      return () => clearTimeout(timer);
    }
    if (state === 'closing') {
      const timer = setTimeout(() => {
        setState('closed');
        onCloseRef.current();
      }, SIDE_PANEL_CLOSE_MS);
      return () => clearTimeout(timer);
    }
    return undefined;
  }, [state]);

  // Counted in the side-modal layer while rendered; the layer closing closes the panel.
  const active = state !== 'closed';
  useEffect(() => {
    if (!active) return;
    let counted = true;
    layer.open();
    const unsubscribe = layer.subscribe(() => {
      if (counted && !layer.isOpen()) {
        counted = false;
        requestClose();
      }
    });
    return () => {
      unsubscribe();
      if (counted) layer.close();
    };
  }, [active, layer, requestClose]);

  // Focus moves into the panel and goes back where it was once the panel has closed.
  useLayoutEffect(() => {
    if (!active) return;
    returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panelRef.current?.focus();
    return () => {
      const target = returnFocus.current;
      if (target?.isConnected) target.focus();
    };
  }, [active]);

  // Escape that reaches the document closes the topmost panel: the focus may have left the panel
  // (a click on a toast, or the button that had it disabled while saving). A modal <dialog> above
  // it, or a control that handled the key itself (defaultPrevented), keeps it open.
  useEffect(() => {
    if (!active) return;
    const onDocumentKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (document.querySelector('dialog[open]')) return;
      const panels = document.querySelectorAll(`[${SIDE_MODAL_ATTRIBUTE}]`);
      if (panels[panels.length - 1] === rootRef.current) requestClose();
    };
    document.addEventListener('keydown', onDocumentKeyDown);
    return () => document.removeEventListener('keydown', onDocumentKeyDown);
  }, [active, requestClose]);

  const shownPosition = isMobile ? 'bottom' : position;
  const shownSize = isMobile ? 'large' : size;

  // How far down the header reaches once the panel is in place (layout sizes, not the sliding
  // transform): at the bottom the panel ends at the viewport's bottom, elsewhere it starts at 0.
  useLayoutEffect(() => {
    if (!active) return;
    const key = Symbol('side panel');
    const measure = () => {
      const panel = panelRef.current;
      const header = headerRef.current;
      if (!panel || !header) return;
      const top = shownPosition === 'bottom' ? window.innerHeight - panel.offsetHeight : 0;
      clearance.set(key, top + header.offsetTop + header.offsetHeight);
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    if (observer && panelRef.current) observer.observe(panelRef.current);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
      clearance.remove(key);
    };
  }, [active, shownPosition, clearance]);

  if (!active) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      requestClose();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const focusable = [...panelRef.current.querySelectorAll<HTMLElement>(focusableSelector)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && (document.activeElement === first || document.activeElement === panelRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div
      ref={rootRef}
      className={styles.root}
      {...{ [SIDE_MODAL_ATTRIBUTE]: '' }}
      data-state={state}
      data-position={shownPosition}
      data-size={shownSize}
      data-content-type={contentType}
    >
      <div className={styles.backdrop} onClick={requestClose} aria-hidden="true" />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={subtitle ? subtitleId : undefined}
        tabIndex={-1}
        className={styles.panel}
        onKeyDown={onKeyDown}
      >
        <header ref={headerRef} className={styles.header}>
          <div className={styles.heading}>
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            {subtitle && (
              <p id={subtitleId} className={styles.subtitle}>
                {subtitle}
              </p>
            )}
          </div>
          <button type="button" className={styles.close} onClick={requestClose} aria-label={t('close')}>
            <Icon name="close" />
          </button>
        </header>
        <div className={styles.body}>{children}</div>
        {footer && <footer className={styles.footer}>{footer}</footer>}
      </div>
    </div>,
    document.body,
  );
}
