import type { UserFacts } from '../types';
import { type JsonObject, optionalNumber, optionalObject, optionalString } from './fields';
import { purposeOneConsented } from './tcf-consent';

const USER_ID_CAP = 128;
const printableAscii = /^[\x20-\x7e]+$/;

/**
 * Who the user is and whether their personal data may be used. Not used under COPPA, nor where
 * GDPR applies (`regs.gdpr`, 2.5's `regs.ext.gdpr`) without TCF consent to Purpose 1
 * (`user.consent`, 2.5's `user.ext.consent`). US state privacy (`regs.gpp`/`gpp_sid`,
 * `us_privacy`) is out of scope here: such users keep their ids.
 */
export function readUser(user: JsonObject | null, regs: JsonObject | null): UserFacts {
  const personalDataAllowed = !isCoppa(regs) && (!gdprApplies(regs) || hasConsent(user));
  return { id: personalDataAllowed ? userId(user) : null, personalDataAllowed };
}

function isCoppa(regs: JsonObject | null): boolean {
  return optionalNumber(regs, 'coppa', 'regs') === 1;
}

function gdprApplies(regs: JsonObject | null): boolean {
  return (
    optionalNumber(regs, 'gdpr', 'regs') === 1 ||
    optionalNumber(optionalObject(regs, 'ext', 'regs'), 'gdpr', 'regs.ext') === 1
  );
}

function hasConsent(user: JsonObject | null): boolean {
  const consent =
    optionalString(user, 'consent', 'user') ??
    optionalString(optionalObject(user, 'ext', 'user'), 'consent', 'user.ext');
  return consent !== null && purposeOneConsented(consent);
}

/** Our own id (`buyeruid`, from cookie sync), else the exchange's (`x:` + `id`); printable ASCII only. */
function userId(user: JsonObject | null): string | null {
  const buyerUid = optionalString(user, 'buyeruid', 'user', USER_ID_CAP);
  if (buyerUid !== null && printableAscii.test(buyerUid)) return buyerUid;
  const exchangeId = optionalString(user, 'id', 'user', USER_ID_CAP - 2);
  return exchangeId !== null && printableAscii.test(exchangeId) ? `x:${exchangeId}` : null;
}
