import { i18n } from './i18n';

/**
 * Adds a feature's texts (one namespace, en and pl) once i18next is set up: the feature's
 * components import its `texts.ts`, so its texts travel with the chunk that uses them.
 */
export function registerTexts(namespace: string, texts: { en: object; pl: object }): void {
  const add = () => {
    i18n.addResourceBundle('en', namespace, texts.en, true, false);
    i18n.addResourceBundle('pl', namespace, texts.pl, true, false);
  };
  if (i18n.isInitialized) add();
  else i18n.on('initialized', add);
}
