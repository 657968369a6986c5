/*
 * IAB TCF v2 consent strings: only the core segment (before the first '.'), only what the bidder
 * needs, Purpose 1 ("store and/or access information on a device"), without which a user id
 * may not be used. Vendor consents are not checked: we are not on the Global Vendor List.
 */

// Bit offsets of the core segment.
const VERSION_BITS = 6;
/** Version, Created, LastUpdated, CmpId, CmpVersion, ConsentScreen, ConsentLanguage, VendorListVersion, TcfPolicyVersion, IsServiceSpecific, UseNonStandardTexts, SpecialFeatureOptIns. */
const PURPOSE_ONE_BIT = 6 + 36 + 36 + 12 + 12 + 6 + 12 + 12 + 6 + 1 + 1 + 12;
/**
 * The shortest well-formed core segment: up to PurposesConsent (24 bits), PurposesLITransparency
 * (24), PurposeOneTreatment (1), PublisherCC (12), then the vendor consents and legitimate
 * interests with no vendor (MaxVendorId 16 + IsRangeEncoding 1, each) and NumPubRestrictions (12).
 */
const MIN_CORE_BITS = PURPOSE_ONE_BIT + 24 + 24 + 1 + 12 + 17 + 17 + 12;

/** Six bits per base64url character; -1 for characters outside the alphabet. */
const sextets = new Int8Array(128).fill(-1);
const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
for (let i = 0; i < alphabet.length; i++) sextets[alphabet.charCodeAt(i)] = i;

/** True when the string is a well-formed TCF v2 string whose user consents to Purpose 1. */
export function purposeOneConsented(consent: string): boolean {
  const dot = consent.indexOf('.');
  const coreLength = dot === -1 ? consent.length : dot;
  if (coreLength * 6 < MIN_CORE_BITS) return false;
  for (let i = 0; i < coreLength; i++) if (sextet(consent, i) < 0) return false;
  if (bits(consent, 0, VERSION_BITS) !== 2) return false;
  return bits(consent, PURPOSE_ONE_BIT, 1) === 1;
}

function sextet(text: string, index: number): number {
  const code = text.charCodeAt(index);
  return code < 128 ? (sextets[code] ?? -1) : -1;
}

/** The unsigned integer of `length` bits (at most 31) from bit `offset`. */
function bits(text: string, offset: number, length: number): number {
  let value = 0;
  for (let bit = offset; bit < offset + length; bit++) {
    const set = (sextet(text, Math.floor(bit / 6)) >> (5 - (bit % 6))) & 1;
    value = (value << 1) | set;
  }
  return value;
}
