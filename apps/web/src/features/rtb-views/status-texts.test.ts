import { viewStatusOf } from '@rtb/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { areaMessage, isOn } from './status-texts';

// The app loads the language shown only; these texts are read in Polish while it is English.
beforeAll(() => i18n.reloadResources(['pl']));

describe('integration status texts', () => {
  it('translates the known area messages by key and shows others as the API wrote them', () => {
    const pl = i18n.getFixedT('pl');
    expect(areaMessage(pl, viewStatusOf('Processing', 'productsImporting', false))).toBe(
      'Trwa import feedu produktowego.',
    );
    expect(areaMessage(pl, viewStatusOf('Ok', 'productsActive', false, { count: 1200 }))).toBe(
      'Produkty w feedzie: 1200.',
    );
    expect(
      areaMessage(pl, viewStatusOf('Warning', 'bannersNotApproved', false, { pending: 3, rejected: 1 })),
    ).toBe('Żaden baner nie jest jeszcze zaakceptowany. Czekają na weryfikację: 3. Odrzucone: 1.');
    // By its key, not its wording: an English text the web does not know is still translated.
    expect(
      areaMessage(pl, {
        message: 'Reworded: 4 approved banners.',
        messageKey: 'bannersApproved',
        params: { approved: 4 },
      }),
    ).toBe('Zaakceptowane banery: 4.');
    expect(areaMessage(pl, { message: 'Something new.', messageKey: 'somethingNew' as 'bannersNone' })).toBe(
      'Something new.',
    );
  });

  it('knows when the user is on a page or below it', () => {
    expect(isOn('/panel/advertiser/banners', '/panel/advertiser/banners')).toBe(true);
    expect(isOn('/panel/advertiser/banners/12', '/panel/advertiser/banners')).toBe(true);
    expect(isOn('/panel/advertiser/banners-old', '/panel/advertiser/banners')).toBe(false);
  });
});
