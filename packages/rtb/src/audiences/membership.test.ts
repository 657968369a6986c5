import type { AudienceRule, TagEventType } from '@rtb/shared';
import { describe, expect, it } from 'vitest';
import {
  type AudienceInput,
  audienceCheckOf,
  audiencesAllow,
  campaignAudiencesOf,
  isMember,
  typeCovers,
} from './membership';
import { emptyProfile, profileOfEvents } from './profile';

const DAY = 86_400_000;
const NOW = Date.parse('2026-06-10T10:00:00Z');
let nextId = 1;
const audience = (
  rule: AudienceRule,
  lookbackDays = 30,
  productType: string | null = null,
): AudienceInput => ({
  id: nextId++,
  rule,
  productType,
  lookbackDays,
});
const check = (rule: AudienceRule, lookbackDays = 30, productType: string | null = null) =>
  audienceCheckOf(audience(rule, lookbackDays, productType));
const profileOf = (...events: [TagEventType, number, string[]?, string[]?][]) =>
  profileOfEvents(
    events.map(([type, at, productIds = [], productTypes = []]) => ({ type, at, productIds, productTypes })),
  );

describe('isMember: lookback boundaries', () => {
  const cases: [AudienceRule, TagEventType][] = [
    ['all_visitors', 'viewHome'],
    ['product_viewers', 'viewItem'],
    ['cart_abandoners', 'addToCart'],
    ['buyers', 'trackTransaction'],
  ];
  for (const [rule, type] of cases)
    it(`${rule}: an event exactly the lookback ago counts, one a millisecond earlier does not`, () => {
      const edge = NOW - 7 * DAY;
      expect(isMember(profileOf([type, edge, ['p1'], ['T']]), check(rule, 7), NOW)).toBe(true);
      expect(isMember(profileOf([type, edge - 1, ['p1'], ['T']]), check(rule, 7), NOW)).toBe(false);
      expect(isMember(profileOf([type, NOW, ['p1'], ['T']]), check(rule, 1), NOW)).toBe(true);
      expect(isMember(emptyProfile(), check(rule, 90), NOW)).toBe(false);
    });

  it('product_type_viewers: the same boundary, on the type’s last view', () => {
    const rule = check('product_type_viewers', 7, 'Shoes');
    expect(isMember(profileOf(['viewItem', NOW - 7 * DAY, ['p'], ['Shoes']]), rule, NOW)).toBe(true);
    expect(isMember(profileOf(['viewItem', NOW - 7 * DAY - 1, ['p'], ['Shoes']]), rule, NOW)).toBe(false);
  });

  it('a 90-day lookback reaches 90 days back', () => {
    expect(isMember(profileOf(['viewHome', NOW - 90 * DAY]), check('all_visitors', 90), NOW)).toBe(true);
    expect(isMember(profileOf(['viewHome', NOW - 90 * DAY - 1]), check('all_visitors', 90), NOW)).toBe(false);
  });
});

describe('isMember: what each rule asks', () => {
  it('all_visitors: any event', () => {
    for (const type of ['viewHome', 'viewList', 'viewBasket'] as const)
      expect(isMember(profileOf([type, NOW - DAY]), check('all_visitors'), NOW)).toBe(true);
  });

  it('product_viewers: a viewItem, not a list or a basket', () => {
    expect(isMember(profileOf(['viewList', NOW, ['p']]), check('product_viewers'), NOW)).toBe(false);
    expect(isMember(profileOf(['viewBasket', NOW, ['p']]), check('product_viewers'), NOW)).toBe(false);
    expect(isMember(profileOf(['viewItem', NOW, ['p']]), check('product_viewers'), NOW)).toBe(true);
  });

  it('product_type_viewers: the type or one below it, in any spelling of case and spacing', () => {
    const viewed = (type: string) => profileOf(['viewItem', NOW - DAY, ['p'], [type]]);
    const garden = check('product_type_viewers', 30, 'Home & Garden > Garden');
    expect(isMember(viewed('Home & Garden > Garden'), garden, NOW)).toBe(true);
    expect(isMember(viewed('home & garden>garden>Tools'), garden, NOW)).toBe(true);
    expect(isMember(viewed('Home & Garden'), garden, NOW)).toBe(false);
    expect(isMember(viewed('Home & Garden > Gardening'), garden, NOW)).toBe(false);
    expect(isMember(viewed('Kids > Home & Garden > Garden'), garden, NOW)).toBe(false);
  });

  it('product_type_viewers: an older view of the type is not rescued by newer views of others', () => {
    const profile = profileOf(
      ['viewItem', NOW - 10 * DAY, ['p1'], ['Shoes']],
      ['viewItem', NOW - DAY, ['p2'], ['Hats']],
    );
    expect(isMember(profile, check('product_type_viewers', 7, 'Shoes'), NOW)).toBe(false);
    expect(isMember(profile, check('product_type_viewers', 11, 'Shoes'), NOW)).toBe(true);
    expect(isMember(profile, check('product_type_viewers', 7, 'Hats'), NOW)).toBe(true);
  });

  it('cart_abandoners: added to the cart in the lookback and bought nothing since', () => {
    const rule = check('cart_abandoners', 7);
    expect(isMember(profileOf(['addToCart', NOW - DAY]), rule, NOW)).toBe(true);
    // Bought after adding (or at the same moment): not an abandoner.
    expect(isMember(profileOf(['addToCart', NOW - DAY], ['trackTransaction', NOW - 1]), rule, NOW)).toBe(
      false,
    );
    expect(isMember(profileOf(['addToCart', NOW - DAY], ['trackTransaction', NOW - DAY]), rule, NOW)).toBe(
      false,
    );
    // Bought earlier, then added again: abandoned the new cart.
    expect(
      isMember(profileOf(['trackTransaction', NOW - 2 * DAY], ['addToCart', NOW - DAY]), rule, NOW),
    ).toBe(true);
    // A purchase long ago does not matter; an addition before the lookback does not count.
    expect(isMember(profileOf(['addToCart', NOW - 8 * DAY]), rule, NOW)).toBe(false);
  });

  it('buyers: a transaction', () => {
    expect(isMember(profileOf(['addToCart', NOW]), check('buyers'), NOW)).toBe(false);
    expect(isMember(profileOf(['trackTransaction', NOW - DAY]), check('buyers'), NOW)).toBe(true);
  });
});

describe('typeCovers', () => {
  it('covers the type and its subtypes only', () => {
    expect(typeCovers('a > b', 'a > b')).toBe(true);
    expect(typeCovers('a > b', 'a > b > c')).toBe(true);
    expect(typeCovers('a > b', 'a > bc')).toBe(false);
    expect(typeCovers('a > b', 'a')).toBe(false);
    expect(typeCovers('', 'a')).toBe(false);
  });
});

describe('a campaign’s audiences', () => {
  const viewer = profileOf(['viewItem', NOW - DAY, ['p'], ['Shoes']]);
  const buyer = profileOf(['viewItem', NOW - DAY, ['p'], ['Shoes']], ['trackTransaction', NOW - 1]);

  it('is null without audiences: anyone', () => {
    expect(campaignAudiencesOf(null, [])).toBeNull();
  });

  it('includes a member of any included audience', () => {
    const audiences = campaignAudiencesOf([audience('buyers'), audience('product_viewers')], []);
    if (!audiences) throw new Error('expected audiences');
    expect(audiencesAllow(audiences, viewer, NOW)).toBe(true);
    expect(audiencesAllow(audiences, profileOf(['viewHome', NOW]), NOW)).toBe(false);
  });

  it('excludes a member of any excluded audience, even one included', () => {
    const audiences = campaignAudiencesOf(
      [audience('product_viewers')],
      [audience('cart_abandoners'), audience('buyers')],
    );
    if (!audiences) throw new Error('expected audiences');
    expect(audiencesAllow(audiences, viewer, NOW)).toBe(true);
    expect(audiencesAllow(audiences, buyer, NOW)).toBe(false);
  });

  it('lets a visitor without a profile in only where no audience is included', () => {
    const includes = campaignAudiencesOf([audience('all_visitors')], []);
    const excludesOnly = campaignAudiencesOf(null, [audience('buyers')]);
    if (!includes || !excludesOnly) throw new Error('expected audiences');
    expect(audiencesAllow(includes, null, NOW)).toBe(false);
    expect(audiencesAllow(excludesOnly, null, NOW)).toBe(true);
    expect(audiencesAllow(excludesOnly, buyer, NOW)).toBe(false);
    expect(audiencesAllow(excludesOnly, viewer, NOW)).toBe(true);
  });

  it('lets no one in when every included audience is gone', () => {
    const gone = campaignAudiencesOf([], []);
    if (!gone) throw new Error('expected audiences');
    expect(audiencesAllow(gone, viewer, NOW)).toBe(false);
    expect(audiencesAllow(gone, null, NOW)).toBe(false);
  });
});
