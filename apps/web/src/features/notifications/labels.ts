import type { TFunction } from 'i18next';

/** A template key in words ('account-activation' is 'Account activation'); an unknown one as it is. */
export const templateLabel = (t: TFunction, key: string) =>
  t(`notifications:templateKeys.${key}`, { defaultValue: key });

/** A locale code as its language's name (English, Polski); an unknown one as its code. */
export const localeLabel = (t: TFunction, code: string) =>
  t(`common:locale.${code}`, { defaultValue: code.toUpperCase() });
