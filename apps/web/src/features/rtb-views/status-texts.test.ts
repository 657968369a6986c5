import { rtbViewStatusMessages } from '@rtb/shared';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { areaMessage, isOn } from './status-texts';
import './texts';

describe('integration status texts', () => {
  it('translates the known area messages and shows others as the API wrote them', () => {
    const pl = i18n.getFixedT('pl');
    expect(areaMessage(pl, rtbViewStatusMessages.productsImporting)).toBe('Trwa import feedu produktowego.');
    expect(areaMessage(pl, rtbViewStatusMessages.productsActive.replace('{count}', '1200'))).toBe(
      'Produkty w feedzie: 1200.',
    );
    expect(
      areaMessage(
        pl,
        rtbViewStatusMessages.bannersNotApproved.replace('{pending}', '3').replace('{rejected}', '1'),
      ),
    ).toBe('Żaden baner nie jest jeszcze zaakceptowany. Czekają na weryfikację: 3. Odrzucone: 1.');
    expect(areaMessage(pl, 'Something new.')).toBe('Something new.');
  });

  it('knows when the user is on a page or below it', () => {
    expect(isOn('/panel/advertiser/banners', '/panel/advertiser/banners')).toBe(true);
    expect(isOn('/panel/advertiser/banners/12', '/panel/advertiser/banners')).toBe(true);
    expect(isOn('/panel/advertiser/banners-old', '/panel/advertiser/banners')).toBe(false);
  });
});
