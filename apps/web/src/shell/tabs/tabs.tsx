import { type KeyboardEvent, type ReactNode, useRef } from 'react';
import { useSearchParams } from 'react-router';
import styles from './tabs.module.css';

/**
 * The tab kept in the URL (`?<param>=`; the first tab has none). Choosing another tab drops the
 * other parameters, so it starts from its first page, without the previous tab's filters.
 */
export function useUrlTab<T extends string>(tabs: readonly T[], param = 'tab'): [T, (tab: T) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get(param);
  const first = tabs[0] as T;
  const active = tabs.find((tab) => tab === requested) ?? first;
  return [active, (tab) => setSearchParams(tab === first ? {} : { [param]: tab })];
}

/**
 * A tab list (WAI-ARIA tabs: arrow keys move between them) and the active tab's panel.
 * `id` prefixes the tabs' and panel's element ids.
 */
export function Tabs<T extends string>({
  id,
  label,
  tabs,
  active,
  onChoose,
  labelOf,
  children,
}: {
  id: string;
  label: string;
  tabs: readonly T[];
  active: T;
  onChoose: (tab: T) => void;
  /** A tab's label: its text, or text and a badge (a count). */
  labelOf: (tab: T) => ReactNode;
  children: ReactNode;
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
    <>
      <div className={styles.tabs} role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab, index) => (
          <button
            key={tab}
            ref={(element) => {
              refs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab}`}
            aria-selected={tab === active}
            aria-controls={`${id}-panel-${tab}`}
            tabIndex={tab === active ? 0 : -1}
            className={styles.tab}
            onClick={() => onChoose(tab)}
          >
            {labelOf(tab)}
          </button>
        ))}
      </div>
      <section role="tabpanel" id={`${id}-panel-${active}`} aria-labelledby={`${id}-tab-${active}`}>
        {children}
      </section>
    </>
  );
}
