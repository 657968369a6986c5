import { type KeyboardEvent, useRef } from 'react';
import styles from './tabs.module.css';

const tabId = (idPrefix: string, tab: string) => `${idPrefix}-tab-${tab}`;
const panelId = (idPrefix: string, tab: string) => `${idPrefix}-panel-${tab}`;

/**
 * A row of tabs (WAI-ARIA tabs: arrow keys move between them, only the active one is in the
 * tab order). The page renders the active panel inside `<section {...tabPanelProps(...)}>`.
 */
export function Tabs<T extends string>({
  tabs,
  active,
  onChoose,
  label,
  labelOf,
  idPrefix,
}: {
  tabs: readonly T[];
  active: T;
  onChoose: (tab: T) => void;
  /** The accessible name of the tab list. */
  label: string;
  labelOf: (tab: T) => string;
  idPrefix: string;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (tabs.indexOf(active) + step + tabs.length) % tabs.length;
    onChoose(tabs[next] as T);
    refs.current[next]?.focus();
  };
  return (
    <div className={styles.tabs} role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {tabs.map((tab, index) => (
        <button
          key={tab}
          ref={(element) => {
            refs.current[index] = element;
          }}
          type="button"
          role="tab"
          id={tabId(idPrefix, tab)}
          aria-selected={tab === active}
          aria-controls={panelId(idPrefix, tab)}
          tabIndex={tab === active ? 0 : -1}
          className={styles.tab}
          onClick={() => onChoose(tab)}
        >
          {labelOf(tab)}
        </button>
      ))}
    </div>
  );
}

/** The attributes of the active tab's panel. */
export const tabPanelProps = (idPrefix: string, tab: string) => ({
  role: 'tabpanel' as const,
  id: panelId(idPrefix, tab),
  'aria-labelledby': tabId(idPrefix, tab),
});
