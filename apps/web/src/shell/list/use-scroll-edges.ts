import { type RefObject, useEffect, useState } from 'react';

export interface ScrollEdges {
  /** The content is wider than the box: it scrolls sideways. */
  scrolls: boolean;
  /** More content hides beyond the start (left) or the end (right) edge. */
  start: boolean;
  end: boolean;
}

const none: ScrollEdges = { scrolls: false, start: false, end: false };

/** Whether a box scrolls sideways and which of its edges hide content, kept up as it scrolls and resizes. */
export function useScrollEdges(box: RefObject<HTMLElement | null>): ScrollEdges {
  const [edges, setEdges] = useState<ScrollEdges>(none);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => {
      const hidden = element.scrollWidth - element.clientWidth;
      const left = Math.abs(element.scrollLeft);
      const next = {
        scrolls: hidden > 1,
        start: hidden > 1 && left > 1,
        end: hidden > 1 && left < hidden - 1,
      };
      setEdges((current) =>
        current.scrolls === next.scrolls && current.start === next.start && current.end === next.end
          ? current
          : next,
      );
    };
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    // jsdom has no ResizeObserver; a browser re-measures when the box or the table changes size.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    if (element.firstElementChild) observer?.observe(element.firstElementChild);
    return () => {
      element.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [box]);
  return edges;
}
