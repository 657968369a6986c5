import { useTranslation } from 'react-i18next';
import { NotAvailable } from '../../shell/not-available';

/** Public regulations page; the documents come with the admin panel's regulations. */
export function TermsPage() {
  const { t } = useTranslation('shell');
  return (
    <main className="container" style={{ padding: '3rem 0' }}>
      <NotAvailable title={t('pages.termsOfService')} />
    </main>
  );
}
