import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** A page that crashed: the spec's critical-error text and a way back, never a blank screen. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  console.error(error);
  return (
    <main className="container" role="alert" style={{ padding: '4rem 0', textAlign: 'center' }}>
      <h1>{t('errors.critical')}</h1>
      <button type="button" onClick={() => window.location.reload()}>
        {t('retry')}
      </button>
    </main>
  );
}
