import { type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './mobile-menu.module.css';

/**
 * The slide-in menu of small screens (spec section 2): at most 320px wide, below the 5rem top
 * bar, over an overlay. The overlay and Escape close it; focus moves into it when it opens and
 * back to the toggle (`returnFocus`) when Escape closes it.
 */
export function MobileMenu({
  id,
  open,
  onClose,
  returnFocus,
  children,
}: {
  id: string;
  open: boolean;
  onClose: () => void;
  returnFocus: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  const { t } = useTranslation('shell');
  const drawerRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!open) return;
    drawerRef.current?.querySelector<HTMLElement>('a[href], button, select')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      onClose();
      returnFocus.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, onClose, returnFocus]);

  if (!open) return null;
  return (
    <>
      <div
        className={styles.overlay}
        data-testid="mobile-menu-overlay"
        onClick={onClose}
        aria-hidden="true"
      />
      <section id={id} ref={drawerRef} className={styles.drawer} aria-label={t('menu.label')}>
        {children}
      </section>
    </>
  );
}
