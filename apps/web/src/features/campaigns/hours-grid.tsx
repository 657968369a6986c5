import { HOURS_PER_WEEK } from '@rtb/shared';
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './campaigns.module.css';

const DAYS = 7;
const HOURS = 24;
const pad = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/**
 * The hours of the week as 7 rows of 24 cells (Monday 00:00 is hour 0): click a cell, or drag
 * over several to set them all like the first one; arrow keys move between cells and Space or
 * Enter switches one. One tab stop for the whole grid.
 */
export function HoursGrid({
  value,
  onChange,
  disabled,
}: {
  value: readonly number[];
  onChange: (hours: number[]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('campaigns');
  const picked = new Set(value);
  const [focus, setFocus] = useState(0);
  const cells = useRef<(HTMLButtonElement | null)[]>([]);
  // While dragging: whether the cells passed over are switched on or off.
  const painting = useRef<boolean | null>(null);
  const current = useRef(picked);
  current.current = picked;

  useEffect(() => {
    const stop = () => {
      painting.current = null;
    };
    window.addEventListener('pointerup', stop);
    window.addEventListener('pointercancel', stop);
    return () => {
      window.removeEventListener('pointerup', stop);
      window.removeEventListener('pointercancel', stop);
    };
  }, []);

  const set = (hour: number, on: boolean) => {
    if (current.current.has(hour) === on) return;
    const next = new Set(current.current);
    if (on) next.add(hour);
    else next.delete(hour);
    current.current = next;
    onChange([...next].sort((a, b) => a - b));
  };

  const onPointerDown = (hour: number) => (event: PointerEvent) => {
    if (disabled || event.button !== 0) return;
    event.preventDefault();
    painting.current = !current.current.has(hour);
    set(hour, painting.current);
    setFocus(hour);
  };
  // Touch pointers stay with the cell they started on: find the cell under the pointer instead.
  const onPointerMove = (event: PointerEvent) => {
    if (painting.current === null || typeof document.elementFromPoint !== 'function') return;
    const cell = document.elementFromPoint(event.clientX, event.clientY)?.closest('[data-hour]');
    const hour = cell ? Number(cell.getAttribute('data-hour')) : Number.NaN;
    if (!Number.isNaN(hour)) set(hour, painting.current);
  };
  const onKeyDown = (hour: number) => (event: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -HOURS, ArrowDown: HOURS };
    const move = moves[event.key];
    if (move === undefined) return;
    event.preventDefault();
    const next = hour + move;
    if (next < 0 || next >= HOURS_PER_WEEK) return;
    setFocus(next);
    cells.current[next]?.focus();
  };

  const days = Array.from({ length: DAYS }, (_, day) => day);
  const hours = Array.from({ length: HOURS }, (_, hour) => hour);
  return (
    <div className={styles.hoursScroll}>
      <div className={styles.hours} onPointerMove={onPointerMove}>
        <span />
        {hours.map((hour) => (
          <span key={hour} className={styles.hourLabel} aria-hidden="true">
            {hour % 3 === 0 ? hour : ''}
          </span>
        ))}
        {days.map((day) => (
          <div key={day} role="presentation" className={styles.dayRow}>
            <span className={styles.dayLabel} aria-hidden="true">
              {t(`days.short.${day}`)}
            </span>
            {hours.map((hourOfDay) => {
              const hour = day * HOURS + hourOfDay;
              return (
                <button
                  key={hour}
                  ref={(cell) => {
                    cells.current[hour] = cell;
                  }}
                  type="button"
                  className={styles.hour}
                  data-hour={hour}
                  tabIndex={hour === focus ? 0 : -1}
                  aria-pressed={picked.has(hour)}
                  aria-label={t('hours.cell', {
                    day: t(`days.long.${day}`),
                    from: pad(hourOfDay),
                    to: pad(hourOfDay + 1),
                  })}
                  disabled={disabled}
                  onPointerDown={onPointerDown(hour)}
                  onClick={(event) => {
                    // A pointer has switched it already; this is the keyboard's Space or Enter.
                    if (event.detail === 0) set(hour, !current.current.has(hour));
                  }}
                  onKeyDown={onKeyDown(hour)}
                />
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}
