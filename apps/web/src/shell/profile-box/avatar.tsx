import { avatarStyle } from '../profile-info';
import styles from './profile-box.module.css';

/** Initials on the user's avatar colour; decorative (the name is always next to it). */
export function Avatar({
  initials,
  color,
  size = 'medium',
}: {
  initials: string;
  color: string;
  size?: 'medium' | 'large';
}) {
  const background = color || '#56645b';
  return (
    <span
      className={`${styles.avatar} ${size === 'large' ? styles.avatarLarge : ''}`}
      style={avatarStyle(background)}
      aria-hidden="true"
    >
      {initials.slice(0, 2).toUpperCase() || '?'}
    </span>
  );
}
