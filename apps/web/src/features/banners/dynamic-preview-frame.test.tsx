import type { DynamicTemplate } from '@rtb/shared';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DynamicPreviewFrame } from './dynamic-preview-frame';
import { dynamicBanner } from './test-fixtures';

const template = dynamicBanner().template as DynamicTemplate;
const products = [
  {
    title: 'Shoes',
    price: '99,00 zł',
    salePrice: null,
    imageUrl: () => '/img/x.webp',
    clickUrl: 'https://s.example',
  },
];

/** The preview of 336x280 in a box `room` px wide (jsdom lays nothing out: the width is given). */
function showIn(room: number) {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(room);
  render(
    <DynamicPreviewFrame
      template={template}
      width={336}
      height={280}
      products={products}
      logoUrl={null}
      shopName="Shop"
    />,
  );
  return screen.getByTestId('dynamic-preview-336x280');
}

afterEach(() => vi.restoreAllMocks());

describe('DynamicPreviewFrame', () => {
  it('scales a preview wider than its box down to the box, keeping its aspect ratio', () => {
    const frame = showIn(300); // a 375 px phone: the panel's padding leaves about 300 px
    expect(frame).toHaveAttribute('width', '336');
    const scaled = frame.parentElement as HTMLElement;
    expect(scaled.style.transform).toBe(`scale(${300 / 336})`);
    // The room it takes: 300 px wide, 250 px high (280 at the same ratio), not 336x280.
    expect(scaled.parentElement).toHaveStyle({ maxWidth: '336px', height: '250px' });
  });

  it('shows it at its real size where it fits', () => {
    const frame = showIn(1000);
    const box = frame.parentElement as HTMLElement;
    expect(box.style.transform).toBe('');
    expect(box.parentElement).toHaveStyle({ height: '280px' });
  });
});
