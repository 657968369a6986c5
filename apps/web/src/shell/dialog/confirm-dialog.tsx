import { type KeyboardEvent, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonColor } from '../button/button';
import styles from './dialog.module.css';

/**
 * The panels' own confirmation, a modal dialog instead of the browser's: 'Confirm your choice'
 * over the question, Cancel and the action. Cancel takes the focus (the safe answer), Escape
 * cancels, and the focus goes back where it was when the dialog closes.
 */
export function ConfirmDialog({
  question,
  confirmLabel,
  confirmColor = 'primary',
  onConfirm,
  onCancel,
}: {
  question: string;
  confirmLabel: string;
  confirmColor?: ButtonColor;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    if (dialog?.isConnected && !dialog.open) dialog.showModal();
    cancelRef.current?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onCancel();
  };

  return (
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={textId}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <div className={styles.body}>
        <h2 id={titleId} className={styles.title}>
          {t('confirm.choice')}
        </h2>
        <p id={textId} className={styles.text}>
          {question}
        </p>
        <div className={styles.actions}>
          <Button ref={cancelRef} variant="outline" color="white" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button color={confirmColor} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </dialog>
  );
}
