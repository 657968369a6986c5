import { describe, expect, it } from 'vitest';
import { readDevice } from './device';

const ua = {
  iPhoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  iPad: 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  androidTablet:
    'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  windowsChrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  linuxFirefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
  chromebook:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  smartTv:
    'Mozilla/5.0 (SMART-TV; LINUX; Tizen 6.0) AppleWebKit/537.36 (KHTML, like Gecko) 76.0.3809.146/6.0 TV Safari/537.36',
};

const facts = (device: Record<string, unknown>, user: Record<string, unknown> | null = null) =>
  readDevice(device, user);

describe('readDevice', () => {
  it.each([
    [1, 'mobile'],
    [2, 'desktop'],
    [3, 'ctv'],
    [4, 'mobile'],
    [5, 'tablet'],
    [6, null],
    [7, 'ctv'],
  ])('devicetype %j is %j, whatever the user agent says', (devicetype, type) => {
    expect(facts({ devicetype, ua: ua.windowsChrome }).type).toBe(type);
  });

  it.each([
    ['iOS', 'ios'],
    ['iPadOS', 'ios'],
    ['android', 'android'],
    ['Windows', 'windows'],
    ['Mac OS X', 'macos'],
    ['macOS', 'macos'],
    ['OS X', 'macos'],
    ['Linux', 'linux'],
    ['Chrome OS', 'chromeos'],
    ['ChromeOS', 'chromeos'],
    ['Tizen', 'other'],
  ])('os %j is %j, whatever the user agent says', (os, expected) => {
    expect(facts({ os, ua: ua.windowsChrome }).os).toBe(expected);
  });

  it('reads the user agent client hints when devicetype and os are missing', () => {
    const sua = (mobile: number | undefined, brand: string) =>
      facts({ sua: { mobile, platform: { brand, version: ['1'] } } });
    expect(sua(1, 'Android')).toMatchObject({ type: 'mobile', os: 'android' });
    expect(sua(0, 'Android')).toMatchObject({ type: 'tablet', os: 'android' });
    expect(sua(0, 'Windows')).toMatchObject({ type: 'desktop', os: 'windows' });
    expect(sua(0, 'macOS')).toMatchObject({ type: 'desktop', os: 'macos' });
    expect(sua(0, 'Chrome OS')).toMatchObject({ type: 'desktop', os: 'chromeos' });
    expect(sua(undefined, 'Linux')).toMatchObject({ type: null, os: 'linux' });
  });

  it('prefers the client hints to the user agent string', () => {
    expect(facts({ ua: ua.windowsChrome, sua: { mobile: 1, platform: { brand: 'Android' } } })).toMatchObject(
      {
        type: 'mobile',
        os: 'android',
      },
    );
  });

  it.each([
    ['iPhoneSafari', 'mobile', 'ios'],
    ['iPad', 'tablet', 'ios'],
    ['androidChrome', 'mobile', 'android'],
    ['androidTablet', 'tablet', 'android'],
    ['windowsChrome', 'desktop', 'windows'],
    ['macSafari', 'desktop', 'macos'],
    ['linuxFirefox', 'desktop', 'linux'],
    ['chromebook', 'desktop', 'chromeos'],
    ['smartTv', 'ctv', 'other'],
  ] as const)('parses the user agent of %s as a last resort', (name, type, os) => {
    expect(facts({ ua: ua[name] })).toEqual({
      type,
      os,
      country: null,
      ua: ua[name],
      utcOffsetMinutes: null,
    });
  });

  it('knows nothing without any of them', () => {
    const nothing = { type: null, os: null, country: null, ua: null, utcOffsetMinutes: null };
    expect(facts({})).toEqual(nothing);
    expect(readDevice(null, null)).toEqual(nothing);
    expect(facts({ ua: 'curl/8.0' })).toMatchObject({ type: null, os: null });
  });

  it('caps the user agent at 512 characters', () => {
    expect(facts({ ua: `${ua.windowsChrome} ${'x'.repeat(1000)}` }).ua).toHaveLength(512);
  });

  it('takes the country of the device, alpha-3 or alpha-2, else of the user', () => {
    expect(facts({ geo: { country: 'POL' } }).country).toBe('PL');
    expect(facts({ geo: { country: ' deu ' } }).country).toBe('DE');
    expect(facts({ geo: { country: 'US' } }).country).toBe('US');
    expect(facts({ geo: { country: 'XXX' } }, { geo: { country: 'FRA' } }).country).toBe('FR');
    expect(facts({}, { geo: { country: 'GBR' } }).country).toBe('GB');
    expect(facts({ geo: { country: 'UK' } }).country).toBeNull();
  });

  it('takes the UTC offset in minutes of the device, else of the user', () => {
    expect(facts({ geo: { utcoffset: 120 } }).utcOffsetMinutes).toBe(120);
    expect(facts({ geo: { utcoffset: -300 } }, { geo: { utcoffset: 60 } }).utcOffsetMinutes).toBe(-300);
    expect(facts({ geo: { country: 'POL' } }, { geo: { utcoffset: 60 } }).utcOffsetMinutes).toBe(60);
    // Zones 30 and 45 minutes off exist; the ends are UTC-12 and UTC+14.
    expect(facts({ geo: { utcoffset: 345 } }).utcOffsetMinutes).toBe(345);
    expect(facts({ geo: { utcoffset: -720 } }).utcOffsetMinutes).toBe(-720);
    expect(facts({ geo: { utcoffset: 840 } }).utcOffsetMinutes).toBe(840);
  });

  it('takes an offset no time zone has as unknown, and refuses one that is not a number', () => {
    for (const utcoffset of [-721, 841, 60.5, 1e9])
      expect(facts({ geo: { utcoffset } }).utcOffsetMinutes).toBeNull();
    expect(facts({ geo: { utcoffset: 900 } }, { geo: { utcoffset: 60 } }).utcOffsetMinutes).toBe(60);
    expect(() => facts({ geo: { utcoffset: '+02:00' } })).toThrow('device.geo.utcoffset is not a number');
  });
});
