import { describe, expect, it } from 'vitest';
import type { AdvertiserAlerts } from '../../reporting';
import { alertDigestVars, DIGEST_ADVERTISERS } from './alert-digest-mail';

const rows = Array.from({ length: DIGEST_ADVERTISERS + 3 }, (_, i) => ({
  advertiser: { id: i + 1, name: `Shop ${String(i + 1).padStart(2, '0')}` },
  alerts: i === 0 ? ['funds_exhausted', 'tag_silent'] : ['feed_failing'],
})) satisfies AdvertiserAlerts[];
const input = { day: '2026-03-18', rows, firstName: 'Ola', link: 'L', settingsLink: 'S' };

describe('the alert digest mail', () => {
  it('names the first advertisers in the subject and lists at most DIGEST_ADVERTISERS, then how many more', () => {
    const en = alertDigestVars({ ...input, locale: 'en' });
    expect(en.date).toBe('18.03.2026');
    expect(en.advertisers).toBe('Shop 01, Shop 02, Shop 03 +50');
    const lines = String(en.alerts).split('\n');
    expect(lines).toHaveLength(DIGEST_ADVERTISERS + 1);
    expect(lines[0]).toBe('Shop 01: No funds, Tag silent');
    expect(lines[1]).toBe('Shop 02: Feed failing');
    expect(lines.at(-1)).toBe('…and 3 more');

    const pl = alertDigestVars({ ...input, locale: 'pl' });
    const plLines = String(pl.alerts).split('\n');
    expect(plLines[0]).toBe('Shop 01: Brak środków, Tag milczy');
    expect(plLines[1]).toBe('Shop 02: Błąd feedu');
    expect(plLines.at(-1)).toBe('…i jeszcze 3');
  });

  it('names all of a few advertisers', () => {
    expect(alertDigestVars({ ...input, rows: rows.slice(0, 2), locale: 'en' }).advertisers).toBe(
      'Shop 01, Shop 02',
    );
  });
});
