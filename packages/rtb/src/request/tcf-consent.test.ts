import { describe, expect, it } from 'vitest';
import { parseBidRequest } from './parse-bid-request';
import { purposeOneConsented } from './tcf-consent';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A TCF v2 core segment, field by field as the specification lays them out (bit count, value). */
function coreString(options: { version?: number; purposes: number[]; vendors?: number[] }): string {
  const fields: [number, number][] = [
    [6, options.version ?? 2],
    [36, 16_000_000_000], // Created, deciseconds since 1970 (2020-09)
    [36, 16_000_000_000], // LastUpdated
    [12, 7], // CmpId
    [12, 1], // CmpVersion
    [6, 1], // ConsentScreen
    [6, 4], // ConsentLanguage 'E'
    [6, 13], // 'N'
    [12, 150], // VendorListVersion
    [6, 4], // TcfPolicyVersion
    [1, 0], // IsServiceSpecific
    [1, 0], // UseNonStandardTexts
    [12, 0], // SpecialFeatureOptIns
    ...Array.from({ length: 24 }, (_, index): [number, number] => [
      1,
      options.purposes.includes(index + 1) ? 1 : 0,
    ]),
    [24, 0], // PurposesLITransparency
    [1, 0], // PurposeOneTreatment
    [6, 3], // PublisherCC 'D'
    [6, 4], // 'E'
  ];
  const vendors = options.vendors ?? [];
  const maxVendorId = Math.max(0, ...vendors);
  fields.push([16, maxVendorId], [1, 0]); // vendor consents as a bit field
  for (let id = 1; id <= maxVendorId; id++) fields.push([1, vendors.includes(id) ? 1 : 0]);
  fields.push([16, 0], [1, 0]); // no vendor legitimate interests
  fields.push([12, 0]); // NumPubRestrictions
  let bits = fields.map(([length, value]) => value.toString(2).padStart(length, '0')).join('');
  bits = bits.padEnd(Math.ceil(bits.length / 6) * 6, '0');
  let text = '';
  for (let i = 0; i < bits.length; i += 6) text += alphabet[Number.parseInt(bits.slice(i, i + 6), 2)];
  return text;
}

describe('purposeOneConsented', () => {
  it('is true when the user consents to Purpose 1', () => {
    const consent = coreString({ purposes: [1, 2, 3, 4, 7, 9, 10], vendors: [1, 755] });
    expect(consent.startsWith('C')).toBe(true); // version 2
    expect(purposeOneConsented(consent)).toBe(true);
    // With other segments (disclosed vendors, publisher TC) after the core one.
    expect(purposeOneConsented(`${consent}.IAAA.YAAAAAAAAAAA`)).toBe(true);
  });

  it('is false without consent to Purpose 1', () => {
    expect(purposeOneConsented(coreString({ purposes: [2, 3, 4, 7, 9, 10], vendors: [1, 755] }))).toBe(false);
    expect(purposeOneConsented(coreString({ purposes: [] }))).toBe(false);
  });

  it('is false for malformed strings', () => {
    const consent = coreString({ purposes: [1] });
    expect(purposeOneConsented('')).toBe(false);
    expect(purposeOneConsented('1')).toBe(false);
    expect(purposeOneConsented(consent.slice(0, 40))).toBe(false); // truncated
    expect(purposeOneConsented(`${consent.slice(0, 10)}!${consent.slice(11)}`)).toBe(false);
    expect(purposeOneConsented(`${consent.slice(0, 10)}é${consent.slice(11)}`)).toBe(false);
    expect(purposeOneConsented(`.${consent}`)).toBe(false);
    expect(purposeOneConsented(coreString({ version: 1, purposes: [1] }))).toBe(false);
    expect(purposeOneConsented(coreString({ version: 3, purposes: [1] }))).toBe(false);
  });

  it('reads a CMP-made string: purposes 1, 3, 5, 7 and 9', () => {
    // The core segment of a public TCF test fixture; the second with purpose 1 cleared (K -> C).
    expect(purposeOneConsented('CPh7_cXPh7_cXKMAAAENCZCAAKqAAAAAAAAAAAAAAAAA')).toBe(true);
    expect(purposeOneConsented('CPh7_cXPh7_cXKMAAAENCZCAACqAAAAAAAAAAAAAAAAA')).toBe(false);
  });

  it('decides whether personal data is used under GDPR', () => {
    const withConsent = (consent: unknown, where: 'user' | 'ext') =>
      parseBidRequest({
        id: 'r',
        imp: [{ id: '1', banner: { w: 300, h: 250 } }],
        regs: where === 'user' ? { gdpr: 1 } : { ext: { gdpr: 1 } },
        user: { buyeruid: 'ours', ...(where === 'user' ? { consent } : { ext: { consent } }) },
      });
    const yes = coreString({ purposes: [1] });
    const no = coreString({ purposes: [2] });
    expect(withConsent(yes, 'user')).toMatchObject({
      request: { user: { id: 'ours', personalDataAllowed: true } },
    });
    expect(withConsent(yes, 'ext')).toMatchObject({
      request: { user: { id: 'ours', personalDataAllowed: true } },
    });
    expect(withConsent(no, 'user')).toMatchObject({
      request: { user: { id: null, personalDataAllowed: false } },
    });
    expect(withConsent('BOEFEAyOEFEAyAHABDENAI4AAAB9vABAASA', 'ext')).toMatchObject({
      request: { user: { personalDataAllowed: false } }, // a TCF v1 string
    });
  });
});
