import { overallStatus } from '@rtb/shared';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../auth/can';
import { tourIds } from '../../shell/tour/tour-step';
import { useDismiss } from '../../shell/use-dismiss';
import { useIsTabletL } from '../../shell/use-media-query';
import styles from './rtb-views.module.css';
import { useViewStatus } from './rtb-views-api';
import { StatusPanel } from './status-panel';

/** From the button to the panel: past the side bar's padding, and a gap beyond it. */
const OFFSET_PX = 24;

/**
 * The advertiser side bar's 'check integration status' button (spec section 2): it shows the
 * overall status, the worst of the five areas, and opens the status panel. Escape, the close
 * button and a click outside close the panel.
 */
export function IntegrationStatus() {
  const { t } = useTranslation('rtb-views');
  const allowed = useCan('integrations', 'read');
  const status = useViewStatus(allowed);
  const compact = useIsTabletL();
  const [open, setOpen] = useState(false);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const titleId = useId();

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (open) panelRef.current?.focus();
  }, [open]);
  useDismiss(open, [panelRef, buttonRef], (via) => close(via === 'escape'));

  if (!allowed) return null;

  const toggle = () => {
    if (open) return close(false);
    // Desktop: beside the side bar, level with the button. Small screens: centred below the top bar.
    const rect = buttonRef.current?.getBoundingClientRect();
    setPosition(compact || !rect ? null : { top: rect.top, left: rect.right + OFFSET_PX });
    setOpen(true);
    void status.refetch();
  };

  const overall = status.data ? overallStatus(status.data) : null;
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={styles.trigger}
        data-tour={tourIds.integrationStatus}
        data-status={overall ?? undefined}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={toggle}
      >
        <span className={styles.dot} aria-hidden="true" />
        <span className={styles.triggerText}>
          <span className={styles.triggerLabel}>{t('button')}</span>{' '}
          <span className={styles.triggerStatus}>
            {overall ? t(`statuses.${overall}`) : status.isError ? t('unavailable') : t('checking')}
          </span>
        </span>
      </button>
      {open &&
        createPortal(
          <StatusPanel
            ref={panelRef}
            id={panelId}
            titleId={titleId}
            status={status.data}
            failed={status.isError}
            onRetry={() => void status.refetch()}
            onClose={() => close(true)}
            position={position}
          />,
          document.body,
        )}
    </>
  );
}
