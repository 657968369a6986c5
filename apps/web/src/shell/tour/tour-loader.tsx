import styles from './tour.module.css';

/**
 * Shown while a step waits for its target. React-joyride's default spinner adds its animation
 * as an injected <style> element, which the Content-Security-Policy refuses.
 */
export function TourLoader() {
  return <div className={styles.loader} aria-hidden="true" />;
}
