import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './status-message.module.css';

export type StatusTone = 'success' | 'mail' | 'warning' | 'error' | 'progress';

/**
 * What an account page shows instead of its form: an icon, a heading, a few lines and the
 * way on (sent e-mails, invalid links, activation in progress).
 */
export function StatusMessage({
  tone,
  title,
  children,
  actions,
}: {
  tone: StatusTone;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  const alert = tone === 'warning' || tone === 'error';
  return (
    <section className={styles.status} role={alert ? 'alert' : 'status'} aria-live="polite" data-tone={tone}>
      <div className={styles.icon} aria-hidden="true">
        <ToneIcon tone={tone} />
      </div>
      <h1 className={styles.title}>{title}</h1>
      {children && <div className={styles.body}>{children}</div>}
      {actions && <div className={styles.actions}>{actions}</div>}
    </section>
  );
}

/** A link that looks like a large button (primary) or a quiet outlined one. */
export function StatusLink({
  to,
  children,
  secondary = false,
}: {
  to: string;
  children: ReactNode;
  secondary?: boolean;
}) {
  return (
    <Link to={to} className={secondary ? `${styles.link} ${styles.secondary}` : styles.link}>
      {children}
    </Link>
  );
}

function ToneIcon({ tone }: { tone: StatusTone }) {
  if (tone === 'progress') return <span className={styles.spinner} />;
  const common = {
    width: 28,
    height: 28,
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 2,
    strokeLinecap: 'round' as const,
    strokeLinejoin: 'round' as const,
  };
  if (tone === 'mail')
    return (
      <svg {...common} aria-hidden="true">
        <rect x="3" y="5" width="18" height="14" rx="2" />
        <path d="M3 7l9 6 9-6" />
      </svg>
    );
  if (tone === 'success')
    return (
      <svg {...common} aria-hidden="true">
        <path d="M5 12.5l4.5 4.5L19 7.5" />
      </svg>
    );
  return (
    <svg {...common} aria-hidden="true">
      <path d="M12 8v5" />
      <path d="M12 16.5v.01" />
      <path d="M10.3 3.9L2.6 17.5A2 2 0 0 0 4.3 20.5h15.4a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />
    </svg>
  );
}
