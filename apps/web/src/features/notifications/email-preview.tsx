import styles from './notifications.module.css';

/**
 * A mail's HTML in a sandboxed frame: `sandbox=""` runs no script, submits no form and gives
 * the document an origin of its own, so a template cannot reach the panel.
 */
export function EmailPreview({ html, title }: { html: string; title: string }) {
  return <iframe className={styles.preview} title={title} sandbox="" srcDoc={html} />;
}
