import type { AccountKind } from '@rtb/shared';
import { contract } from '@rtb/shared/contract';
import { panelPrefix } from '../../auth/kinds';
import { type Session, storeSession } from '../../auth/session';
import { publicApi } from '../../lib/api-client';
import { pageNavigation } from '../../lib/page-navigation';
import { cookies } from '../../lib/storage';

/** Whether the session came from an agency one (so the agency account can be returned to). */
export const hasAgencySession = (): boolean => !!cookies.get('agencyToken');

/**
 * Whether there is an admin session to return to: the admin's source token is kept, or the
 * sub-account came from no agency either (then the way back is the admin's login).
 */
export const hasAdminSession = (): boolean => !!cookies.get('sourceToken') || !hasAgencySession();

/** A full reload, so that no state of the sub-account survives. */
const reload = (path: string) => pageNavigation.assign(path);

/**
 * The page each way back leads to: the one the admin or the agency user left by entering the
 * sub-account. Kept for this tab only (session storage), so another tab's visit changes nothing.
 */
const returnPathKey = { admin: 'subAccountReturn.admin', agency: 'subAccountReturn.agency' } as const;
type ReturnTo = keyof typeof returnPathKey;

const tabStorage = {
  get(key: string): string | null {
    try {
      return window.sessionStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string) {
    try {
      window.sessionStorage.setItem(key, value);
    } catch {
      // Storage refused: the way back leads to the panel's start page.
    }
  },
  remove(key: string) {
    try {
      window.sessionStorage.removeItem(key);
    } catch {}
  },
};

function rememberReturnPath(to: ReturnTo): void {
  const { pathname, search, hash } = window.location;
  tabStorage.set(returnPathKey[to], `${pathname}${search}${hash}`);
}

/** The remembered page (forgotten once read), when it is in that panel; else the panel's start. */
function returnPathOf(to: ReturnTo): string {
  const path = tabStorage.get(returnPathKey[to]);
  tabStorage.remove(returnPathKey[to]);
  const prefix = panelPrefix[to];
  return path && (path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`))
    ? path
    : prefix;
}

/**
 * Enters a sub-account ("log in as", spec section 4) from an admin or an agency session. An
 * admin's token is kept as the source token; an agency's as the agency token, next to the admin's
 * source token when an admin opened that agency session. The page left is remembered for the way
 * back. The sub-account's session is stored, the chosen organisation is forgotten, and the
 * sub-account's panel loads.
 */
export function enterSubAccount(session: Session, from: 'admin' | 'agency'): void {
  const current = cookies.get('authToken');
  if (from === 'admin') {
    if (current) cookies.set('sourceToken', current);
    cookies.remove('agencyToken');
    tabStorage.remove(returnPathKey.agency);
  } else if (current) cookies.set('agencyToken', current);
  rememberReturnPath(from);
  cookies.remove('agencyId');
  cookies.remove('advertiserId');
  storeSession(session);
  reload(panelPrefix[session.me.role]);
}

/**
 * Logs the sub-account's token out on the server (the token in the authToken cookie), so that the
 * end of the "log in as" session is recorded. A failure does not keep anyone in the sub-account.
 */
async function endSubAccountSession(kind: AccountKind): Promise<void> {
  try {
    await publicApi.call(contract.auth.logout, { path: { panel: kind } });
  } catch {
    // Already expired or revoked, or the server is away: the way back stays open.
  }
}

/**
 * Back to the admin's own session (spec section 4): the sub-account's sessions end (the current
 * one of kind `current`, then the agency's it was opened from, if any), the stored source token
 * becomes the auth token again, the organisation ids go, and the admin panel reloads at the page
 * the admin left (its start page when that is not known).
 */
export async function returnToAdminAccount(current: AccountKind): Promise<void> {
  await endSubAccountSession(current);
  const agency = cookies.get('agencyToken');
  if (agency) {
    cookies.set('authToken', agency);
    await endSubAccountSession('agency');
  }
  const source = cookies.get('sourceToken');
  if (source) cookies.set('authToken', source);
  else cookies.remove('authToken'); // nothing to go back to: the admin logs in again
  cookies.remove('sourceToken');
  cookies.remove('agencyToken');
  cookies.remove('agencyId');
  cookies.remove('advertiserId');
  tabStorage.remove(returnPathKey.agency);
  reload(returnPathOf('admin'));
}

/**
 * Back to the agency's session (an agency that opened one of its advertisers): the advertiser
 * session ends, the stored agency token becomes the auth token again and the agency panel
 * reloads at the page left. The admin's source token, if any, stays for the way back to the admin account.
 */
export async function returnToAgencyAccount(): Promise<void> {
  await endSubAccountSession('advertiser');
  const agency = cookies.get('agencyToken');
  if (agency) cookies.set('authToken', agency);
  cookies.remove('agencyToken');
  cookies.remove('advertiserId');
  reload(returnPathOf('agency'));
}
