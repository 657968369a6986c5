import { overallStatus, type RtbViewStatus, viewAreas } from '@rtb/shared';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../shell/button/button';
import { Icon } from '../../shell/icons/icon';
import styles from './rtb-views.module.css';
import { StatusBadge } from './status-badge';
import { areaMessage, areaPath, isOn } from './status-texts';

export interface StatusPanelProps {
  id: string;
  titleId: string;
  status: RtbViewStatus | undefined;
  failed: boolean;
  onRetry: () => void;
  onClose: () => void;
  /** Where the panel sits (fixed, next to the button). */
  position: { top: number; left: number } | null;
}

/**
 * The five areas with their status, message and whether they need action. An entry leads to
 * its page and closes the panel, unless the user is already there.
 */
export const StatusPanel = forwardRef<HTMLDivElement, StatusPanelProps>(function StatusPanel(
  { id, titleId, status, failed, onRetry, onClose, position },
  ref,
) {
  const { t } = useTranslation('rtb-views');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <div
      ref={ref}
      id={id}
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
      className={styles.panel}
      style={position ? { top: position.top, left: position.left } : undefined}
      data-placement={position ? 'beside' : 'centred'}
    >
      <header className={styles.panelHeader}>
        <div>
          <h2 id={titleId} className={styles.panelTitle}>
            {t('title')}
          </h2>
          <p className={styles.panelSubtitle}>{t('subtitle')}</p>
        </div>
        <button type="button" className={styles.close} aria-label={t('close')} onClick={onClose}>
          <Icon name="close" size={18} />
        </button>
      </header>
      {failed && !status ? (
        <div className={styles.failed} role="alert">
          <p>{t('loadFailed')}</p>
          <Button size="small" variant="outline" color="white" onClick={onRetry}>
            {t('retry')}
          </Button>
        </div>
      ) : !status ? (
        <p className={styles.checking} role="status">
          {t('checking')}
        </p>
      ) : (
        <>
          <p className={styles.overall}>
            <span>{t('overall')}</span>
            <StatusBadge status={overallStatus(status)} />
          </p>
          <ul className={styles.areas}>
            {viewAreas.map((area) => {
              const { commonStatus, requiresAction } = status[area];
              const here = isOn(pathname, areaPath[area]);
              const body = (
                <>
                  <span className={styles.areaHead}>
                    <span className={styles.areaName}>{t(`areas.${area}`)}</span>
                    <StatusBadge status={commonStatus} />
                  </span>
                  <span className={styles.areaMessage}>{areaMessage(t, status[area])}</span>
                  {(requiresAction || here) && (
                    <span className={styles.areaNotes}>
                      {requiresAction && <span className={styles.action}>{t('requiresAction')}</span>}
                      {here && <span className={styles.here}>{t('currentPage')}</span>}
                    </span>
                  )}
                </>
              );
              return (
                <li key={area}>
                  {here ? (
                    <div className={styles.area} aria-current="page">
                      {body}
                    </div>
                  ) : (
                    <button
                      type="button"
                      className={styles.area}
                      onClick={() => {
                        onClose();
                        void navigate(areaPath[area]);
                      }}
                    >
                      {body}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </div>
  );
});
