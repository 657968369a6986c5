import Cookies from 'js-cookie';

/** Cookies live at path / for about 99 years (spec section 9). */
const cookieOptions = { path: '/', expires: 99 * 365, sameSite: 'lax' as const };

/** Stored values of spec section 3: the tokens and the chosen organisation and locale are cookies. */
export const cookieKeys = {
  locale: 'locale',
  advertiserId: 'advertiserId',
  agencyId: 'agencyId',
  authToken: 'authToken',
  sourceToken: 'sourceToken',
  agencyToken: 'agencyToken',
} as const;
export type CookieKey = keyof typeof cookieKeys;

export const cookies = {
  get: (key: CookieKey): string | undefined => Cookies.get(cookieKeys[key]),
  set: (key: CookieKey, value: string) => Cookies.set(cookieKeys[key], value, cookieOptions),
  remove: (key: CookieKey) => Cookies.remove(cookieKeys[key], { path: '/' }),
};

/** Local storage keys of spec section 9, and the panel's own choices. */
export const localKeys = {
  profileRole: 'profileRole',
  guideSeenSteps: 'guide_seen_steps',
  /** Set when the user said 'Not now' to the welcome popup: no automatic tour until Restart guide. */
  guideDeclined: 'guide_declined',
  popupShownAt: 'popup_shown_at',
  /** The figures the user shows as a report's columns (comma-separated metric keys). */
  reportColumns: 'report_columns',
  /** The figures the agency's overview shows (comma-separated metric keys, its commission among them). */
  agencyReportColumns: 'agency_report_columns',
} as const;
export type LocalKey = keyof typeof localKeys;

export const local = {
  get(key: LocalKey): string | null {
    try {
      return window.localStorage.getItem(localKeys[key]);
    } catch {
      return null;
    }
  },
  set(key: LocalKey, value: string) {
    try {
      window.localStorage.setItem(localKeys[key], value);
    } catch {
      // Private mode or full storage: the value is only lost, nothing breaks.
    }
  },
  remove(key: LocalKey) {
    try {
      window.localStorage.removeItem(localKeys[key]);
    } catch {}
  },
};
