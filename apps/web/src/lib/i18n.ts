import { DEFAULT_LOCALE } from '@rtb/shared';
import dayjs from 'dayjs';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/pl';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { resources } from '../locales';
import { cookies } from './storage';

export const supportedLocales = ['en', 'pl'] as const;
export type Locale = (typeof supportedLocales)[number];

const isSupported = (value: string | null | undefined): value is Locale =>
  !!value && (supportedLocales as readonly string[]).includes(value);

/** The locale from `?locale=`, else the cookie, else English (spec section 2). */
export function detectLocale(search: string = window.location.search): Locale {
  const fromQuery = new URLSearchParams(search).get('locale');
  if (isSupported(fromQuery)) return fromQuery;
  const fromCookie = cookies.get('locale');
  if (isSupported(fromCookie)) return fromCookie;
  return DEFAULT_LOCALE as Locale;
}

/** The interface uses the Polish date locale; en-GB weeks start on Monday too (spec section 1). */
dayjs.locale('pl');

export function setLocale(locale: Locale): Promise<unknown> {
  cookies.set('locale', locale);
  document.documentElement.lang = locale;
  return i18n.changeLanguage(locale);
}

export function initI18n(locale: Locale = detectLocale()) {
  if (isSupported(new URLSearchParams(window.location.search).get('locale'))) cookies.set('locale', locale);
  document.documentElement.lang = locale;
  return i18n.use(initReactI18next).init({
    resources,
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
}

/** Adds a lazily loaded chunk's namespaces, per language: a panel's texts travel with its chunk. */
export function addTextBundles(bundles: Record<string, Record<string, object>>): void {
  for (const [language, namespaces] of Object.entries(bundles)) {
    for (const [namespace, texts] of Object.entries(namespaces)) {
      i18n.addResourceBundle(language, namespace, texts, true, false);
    }
  }
}

export { i18n };
