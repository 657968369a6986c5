import type { DynamicTemplate } from '@rtb/shared';
import { describe, expect, it } from 'vitest';
import { DYNAMIC_MIN_PRICE_PX, fitDynamicBanner, fitDynamicTexts } from './fit';
import { planDynamicLayout } from './layout';
import { textWidthEm, wrappedLines } from './text-width';

const template: DynamicTemplate = {
  layout: 'trio',
  backgroundColour: '#ffffff',
  textColour: '#222222',
  accentColour: '#d0021b',
  callToAction: 'Shop now',
};
const largest = { price: '999\u00a0999\u00a0999,99\u00a0zł', salePrice: null };

describe('the texts of a dynamic banner', () => {
  it('give a price the width of its tile text box, whole, however long it is', () => {
    const plan = planDynamicLayout(728, 90, 'trio');
    const { priceFontPx } = fitDynamicTexts(plan, [largest], template.callToAction);
    expect(priceFontPx).toBeGreaterThanOrEqual(DYNAMIC_MIN_PRICE_PX);
    expect(priceFontPx * textWidthEm(largest.price)).toBeLessThanOrEqual(plan.tile.text.width);
  });

  it('leave out the crossed-out regular price rather than make the sale price small', () => {
    const plan = planDynamicLayout(728, 90, 'trio');
    const sale = { price: '199,00\u00a0zł', salePrice: '149,00\u00a0zł' };
    expect(fitDynamicTexts(plan, [sale], 'Shop now')).toMatchObject({ oldPrices: false, priceFontPx: 10 });
    const roomy = planDynamicLayout(300, 600, 'trio');
    expect(fitDynamicTexts(roomy, [sale], 'Shop now').oldPrices).toBe(true);
  });

  it('keep titles no larger than prices, in the lines left above the price', () => {
    const plan = planDynamicLayout(300, 250, 'trio');
    const texts = fitDynamicTexts(plan, [largest], 'Shop now');
    expect(texts.titleFontPx).toBe(texts.priceFontPx);
    expect(texts.titleLines * texts.titleFontPx * 1.25 + texts.priceFontPx * 1.25 + 2).toBeLessThanOrEqual(
      plan.tile.text.height,
    );
  });

  it('show fewer products where three prices would be smaller than the least size', () => {
    const three = [largest, largest, largest];
    const { plan, texts } = fitDynamicBanner(250, 250, template, three);
    expect(planDynamicLayout(250, 250, 'trio', 3).count).toBe(2);
    expect(plan.count).toBe(2);
    expect(texts.priceFontPx).toBeGreaterThanOrEqual(DYNAMIC_MIN_PRICE_PX);
    // Two products of a trio share the banner's width between them.
    expect(fitDynamicBanner(728, 90, template, [largest, largest]).plan.tile.width).toBe(292);
  });

  it('wrap a call to action on two lines where one is too narrow, and leave it out where it cannot be read', () => {
    const long = { ...template, callToAction: 'Sprawdź teraz ofertę' };
    expect(fitDynamicBanner(468, 60, long, [largest]).texts.ctaFontPx).toBe(9);
    expect(wrappedLines(long.callToAction, 80 / 9)).toBe(2);
    expect(wrappedLines(long.callToAction, 80 / 10)).toBe(3);
    expect(fitDynamicBanner(320, 100, long, [largest]).texts.ctaFontPx).toBeNull();
    expect(fitDynamicBanner(320, 100, template, [largest]).texts.ctaFontPx).toBe(10);
  });
});
