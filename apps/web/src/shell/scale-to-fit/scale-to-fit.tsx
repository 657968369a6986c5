import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import styles from './scale-to-fit.module.css';

/**
 * Content of a fixed size (a banner's preview frame) at its real size, or scaled down with its
 * aspect ratio kept when its container is narrower, so it never overflows the box it is in.
 */
export function ScaleToFit({
  width,
  height,
  children,
}: {
  width: number;
  height: number;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setRoom(element.clientWidth || null);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const scale = room === null ? 1 : Math.min(1, room / width);
  return (
    <div ref={box} className={styles.box} style={{ maxWidth: width, height: height * scale }}>
      <div
        className={styles.content}
        style={{ width, height, transform: scale < 1 ? `scale(${scale})` : undefined }}
      >
        {children}
      </div>
    </div>
  );
}
