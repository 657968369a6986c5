import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the browser title with the spec's suffix (' - RTB Panel'). */
export function usePageTitle(title: string): void {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title}${t('titleSuffix')}`;
  }, [title, t]);
}
