import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './list.module.css';
import { useScrollEdges } from './use-scroll-edges';

/**
 * The box of a list's table. A table wider than it scrolls sideways with a shadow on each edge
 * that hides columns, and can be scrolled with the keyboard (the box takes the focus).
 */
export function TableScroll({
  caption,
  busy,
  children,
}: {
  caption: string;
  busy?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('shell');
  const box = useRef<HTMLDivElement>(null);
  const edges = useScrollEdges(box);
  return (
    <div
      className={styles.tableFrame}
      data-hidden-start={edges.start || undefined}
      data-hidden-end={edges.end || undefined}
    >
      <div
        ref={box}
        className={styles.tableWrap}
        aria-busy={busy || undefined}
        {...(edges.scrolls
          ? { tabIndex: 0, role: 'region', 'aria-label': t('list.scrollsSideways', { caption }) }
          : {})}
      >
        {children}
      </div>
    </div>
  );
}
