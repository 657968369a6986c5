import { POPUP_REAPPEAR_MS } from '@rtb/shared';
import { local } from '../../lib/storage';

/**
 * Whether the welcome popup is due (spec sections 4 and 9): when no timestamp is stored, or
 * once 5184000000 ms (60 days) have passed since the stored one.
 */
export function isPopupDue(storedAt: string | null, now: number): boolean {
  const shownAt = storedAt === null ? Number.NaN : Number(storedAt);
  if (!Number.isFinite(shownAt)) return true;
  return now - shownAt >= POPUP_REAPPEAR_MS;
}

export const popupDueNow = () => isPopupDue(local.get('popupShownAt'), Date.now());

export const rememberPopupShown = () => local.set('popupShownAt', String(Date.now()));
