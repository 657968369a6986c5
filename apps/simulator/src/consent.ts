/**
 * IAB TCF v2.2 consent strings (the core segment, base64url), as a CMP would write them: the
 * exchange passes one in `user.ext.consent` for traffic where GDPR applies.
 */

/** Bits written most significant first. */
class BitWriter {
  private bits: number[] = [];
  int(value: number, width: number): this {
    for (let i = width - 1; i >= 0; i--) this.bits.push(Math.floor(value / 2 ** i) % 2);
    return this;
  }
  flags(set: ReadonlySet<number>, width: number): this {
    for (let i = 1; i <= width; i++) this.bits.push(set.has(i) ? 1 : 0);
    return this;
  }
  letters(code: string): this {
    for (const letter of code.toUpperCase()) this.int(letter.charCodeAt(0) - 65, 6);
    return this;
  }
  toBase64Url(): string {
    const bytes = Buffer.alloc(Math.ceil(this.bits.length / 8));
    this.bits.forEach((bit, i) => {
      if (bit) bytes[i >> 3] = (bytes[i >> 3] ?? 0) | (0x80 >> (i & 7));
    });
    return bytes.toString('base64url');
  }
}

export interface ConsentChoices {
  /** Purposes (1-24) the user consented to; purpose 1 is storing and reading on the device. */
  purposes: readonly number[];
  /** Vendor ids with consent. */
  vendors: readonly number[];
  /** When the choice was made (the format counts deciseconds). */
  at: Date;
  language?: string;
  publisherCountry?: string;
}

export function tcfConsentString(choices: ConsentChoices): string {
  const deciseconds = Math.round(choices.at.getTime() / 100);
  const maxVendor = Math.max(0, ...choices.vendors);
  const writer = new BitWriter()
    .int(2, 6) // version
    .int(deciseconds, 36) // created
    .int(deciseconds, 36) // last updated
    .int(300, 12) // CMP id
    .int(2, 12) // CMP version
    .int(1, 6) // consent screen
    .letters(choices.language ?? 'EN')
    .int(48, 12) // vendor list version
    .int(4, 6) // TCF policy version (2.2)
    .int(1, 1) // service specific
    .int(0, 1) // non-standard texts
    .flags(new Set(), 12) // special feature opt-ins
    .flags(new Set(choices.purposes), 24)
    .flags(new Set([2, 7, 9, 10]), 24) // legitimate interest transparency
    .int(0, 1) // purpose one treatment
    .letters(choices.publisherCountry ?? 'AA')
    .int(maxVendor, 16)
    .int(0, 1) // bit field, not ranges
    .flags(new Set(choices.vendors), maxVendor)
    .int(0, 16) // no legitimate-interest vendors
    .int(0, 1)
    .int(0, 12); // no publisher restrictions
  return writer.toBase64Url();
}

const consentedAt = new Date('2025-01-15T10:00:00Z');
const vendors = [1, 10, 21, 32, 52, 76, 755, 793];

/** Most EU users consent to everything the vendors ask (purposes 1-10). */
export const fullConsent = tcfConsentString({
  purposes: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
  vendors,
  at: consentedAt,
});

/** Some refuse storage on the device (no purpose 1): no personal data may be used. */
export const noDeviceConsent = tcfConsentString({ purposes: [2, 7, 9, 10], vendors, at: consentedAt });
