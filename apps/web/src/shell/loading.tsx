import { useTranslation } from 'react-i18next';

export function Loading() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-live="polite"
      style={{ padding: '3rem', textAlign: 'center', color: 'var(--color-muted)' }}
    >
      {t('loading')}
    </div>
  );
}
