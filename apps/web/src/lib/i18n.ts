import { DEFAULT_LOCALE } from '@rtb/shared';
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadNamespaceTexts, type TextSet, textSets } from '../locales';
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

/**
 * i18next reads a namespace's texts from its set's chunk (locales/index.ts), in the language
 * shown only: the other language's come when the user switches (`setLocale`).
 */
const textsBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, namespace, callback) => {
    if (!isSupported(language)) {
      callback(new Error(`no texts in '${language}'`), false);
      return;
    }
    loadNamespaceTexts(language, namespace).then(
      (texts) => callback(null, texts),
      (error: Error) => callback(error, false),
    );
  },
};

/** Sets i18next up and loads the public texts in the user's language (see `textSets`). */
export function initI18n(locale: Locale = detectLocale()) {
  if (isSupported(new URLSearchParams(window.location.search).get('locale'))) cookies.set('locale', locale);
  document.documentElement.lang = locale;
  return i18n
    .use(textsBackend)
    .use(initReactI18next)
    .init({
      lng: locale,
      supportedLngs: supportedLocales,
      // Every text exists in both languages (locales.test.ts): no other language to fall back on.
      fallbackLng: false,
      // A copy: i18next adds the namespaces loaded later to this array.
      ns: [...textSets.public],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
    });
}

const namespacesInUse = (): string[] => [i18n.options.ns ?? []].flat();

/** The language `setLocale` is loading the texts of, while it does. */
let switchingTo: Locale | null = null;

/** Loads the texts in `locale` of every namespace in use that it lacks; whether it has them all then. */
async function loadTextsIn(locale: string): Promise<boolean> {
  const missing = namespacesInUse().filter((namespace) => !i18n.hasResourceBundle(locale, namespace));
  // reloadResources reads again what an earlier attempt failed to load (loadNamespaces would not).
  if (missing.length > 0) await i18n.reloadResources([locale], missing);
  return namespacesInUse().every((namespace) => i18n.hasResourceBundle(locale, namespace));
}

/**
 * Loads sets of texts in the language shown, before what uses them renders (a panel: its pages
 * show other features' texts too). Later switches load them in the new language as well.
 */
export async function loadTextSets(...sets: TextSet[]): Promise<void> {
  await i18n.loadNamespaces(sets.flatMap((set) => textSets[set]));
  // A switch under way loads the namespaces in use when it started: these too, in its language.
  if (switchingTo) await loadTextsIn(switchingTo);
}

/**
 * Shows the interface in `locale`: its texts load first, the page staying in the language it
 * was in meanwhile (no key shows untranslated), then everything switches at once. False, and
 * nothing switched, when the texts could not be loaded.
 */
export async function setLocale(locale: Locale): Promise<boolean> {
  switchingTo = locale;
  try {
    if (!(await loadTextsIn(locale))) return false;
  } finally {
    switchingTo = null;
  }
  cookies.set('locale', locale);
  await i18n.changeLanguage(locale);
  document.documentElement.lang = locale;
  return true;
}

export { i18n };
