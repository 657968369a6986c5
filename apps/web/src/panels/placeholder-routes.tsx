import { useTranslation } from 'react-i18next';
import type { RouteObject } from 'react-router';
import { NotAvailable } from '../shell/not-available';

function PlaceholderPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation('shell');
  return <NotAvailable title={t(`pages.${titleKey}`)} />;
}

/** Routes whose pages later releases build; each says so until then. Titles: `shell:pages.*`. */
export function placeholderRoutes(pages: [path: string, titleKey: string][]): RouteObject[] {
  return pages.map(([path, titleKey]) => ({ path, element: <PlaceholderPage titleKey={titleKey} /> }));
}
