import { useTranslation } from 'react-i18next';
import { useLocales } from '../../account/reference-data';
import { supportedLocales } from '../../lib/i18n';

/** The languages a new user may get: the enabled locales, or the interface's own while they load. */
export function useLocaleOptions() {
  const { t } = useTranslation();
  const locales = useLocales();
  return locales.data?.length
    ? locales.data.map((l) => ({ value: l.code, label: l.name }))
    : supportedLocales.map((code) => ({ value: code, label: t(`common:locale.${code}`) }));
}

/** A new user's language by default: the one the inviting user sees, when the users may have it. */
export const defaultUserLocale = (language: string) =>
  (supportedLocales as readonly string[]).includes(language) ? language : 'en';
