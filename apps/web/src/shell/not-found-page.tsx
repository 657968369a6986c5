import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from './page-title';

export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('errors.notFound'));
  return (
    <main className="container" style={{ padding: '4rem 0', textAlign: 'center' }}>
      <h1>{t('errors.notFound')}</h1>
      <p>{t('errors.pageNotFound')}</p>
      <Link to="/">{t('account:backToHome')}</Link>
    </main>
  );
}
