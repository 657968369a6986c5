import { useTranslation } from 'react-i18next';
import { Button } from '../shell/button/button';

/** The show/hide button inside a password field's box. */
export function PasswordToggle({ shown, onToggle }: { shown: boolean; onToggle: () => void }) {
  const { t } = useTranslation('account');
  return (
    <Button
      variant="icon"
      size="small"
      onClick={onToggle}
      aria-pressed={shown}
      aria-label={shown ? t('login.hidePassword') : t('login.showPassword')}
    >
      <svg
        width="20"
        height="20"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden="true"
      >
        <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
        <circle cx="12" cy="12" r="3" />
        {!shown && <path d="M3 3l18 18" />}
      </svg>
    </Button>
  );
}
