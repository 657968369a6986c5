import { panelPrefix } from '../../auth/kinds';
import { cookies } from '../../lib/storage';

/** Whether the session came from an agency one (so the agency account can be returned to). */
export const hasAgencySession = (): boolean => !!cookies.get('agencyToken');

/** A full reload, so that no state of the sub-account survives (replaceable in tests). */
export const pageNavigation = {
  assign(path: string): void {
    window.location.assign(path);
  },
};
const reload = (path: string) => pageNavigation.assign(path);

/**
 * Back to the admin's own session (spec section 4): the stored source token becomes the auth
 * token again, the sub-account's tokens and organisation ids go, and the admin prefix reloads.
 */
export function returnToAdminAccount(): void {
  const source = cookies.get('sourceToken');
  if (source) cookies.set('authToken', source);
  else cookies.remove('authToken'); // nothing to go back to: the admin logs in again
  cookies.remove('sourceToken');
  cookies.remove('agencyToken');
  cookies.remove('agencyId');
  cookies.remove('advertiserId');
  reload(panelPrefix.admin);
}

/**
 * Back to the agency's session (an agency that opened one of its advertisers): the stored agency
 * token becomes the auth token again and the agency prefix reloads. The admin's source token,
 * if any, stays for the way back to the admin account.
 */
export function returnToAgencyAccount(): void {
  const agency = cookies.get('agencyToken');
  if (agency) cookies.set('authToken', agency);
  cookies.remove('agencyToken');
  cookies.remove('advertiserId');
  reload(panelPrefix.agency);
}
