import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../button/button';
import styles from './tour.module.css';

export type WelcomeKind = 'agency' | 'advertiser';

/**
 * The welcome popup of the agency and advertiser panels: what the panel is for, and an offer
 * to start the guided tour. Escape counts as 'Not now'.
 */
export function WelcomePopup({
  kind,
  onStart,
  onDismiss,
}: {
  kind: WelcomeKind;
  onStart: () => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation('tour');
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog?.isConnected && !dialog.open) dialog.showModal();
  }, []);

  const points = t(`popup.${kind}.points`, { returnObjects: true }) as string[];
  return (
    <dialog
      ref={dialogRef}
      className={styles.popup}
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault();
        onDismiss();
      }}
    >
      <div className={styles.popupBody}>
        <h2 id={titleId} className={styles.popupTitle}>
          {t(`popup.${kind}.title`)}
        </h2>
        <p id={textId} className={styles.popupText}>
          {t(`popup.${kind}.text`)}
        </p>
        <ul className={styles.popupPoints}>
          {points.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
        <p className={styles.popupText}>{t('popup.tourOffer')}</p>
        <div className={styles.popupActions}>
          <Button variant="outline" color="white" onClick={onDismiss}>
            {t('popup.dismiss')}
          </Button>
          <Button onClick={onStart}>{t('popup.start')}</Button>
        </div>
      </div>
    </dialog>
  );
}
