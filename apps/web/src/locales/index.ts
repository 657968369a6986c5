import enAccount from './en/account.json';
import enCommon from './en/common.json';
import enErrors from './en/errors.json';
import enHome from './en/home.json';
import enMe from './en/me.json';
import enShell from './en/shell.json';
import plAccount from './pl/account.json';
import plCommon from './pl/common.json';
import plErrors from './pl/errors.json';
import plHome from './pl/home.json';
import plMe from './pl/me.json';
import plShell from './pl/shell.json';

/** One file per namespace and language; English is the default and the fallback. */
export const resources = {
  en: { common: enCommon, errors: enErrors, shell: enShell, account: enAccount, home: enHome, me: enMe },
  pl: { common: plCommon, errors: plErrors, shell: plShell, account: plAccount, home: plHome, me: plMe },
} as const;
