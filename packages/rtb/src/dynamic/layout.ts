import type { DynamicLayout } from '@rtb/shared';

/** Where everything of a dynamic banner goes at one size, in px. */
export interface DynamicLayoutPlan {
  /** `row`: logo at the left, products side by side; `column`: logo on top, products stacked; `box`: logo on top, products side by side. */
  orientation: 'row' | 'column' | 'box';
  count: number;
  fontPx: number;
  brand: { width: number; height: number };
  /** The call to action's button: inside the brand column (`row`), or a bar at the bottom; null when there is no room. */
  cta: { width: number; height: number } | null;
  tile: {
    width: number;
    height: number;
    imagePx: number;
    imageBeside: boolean;
    /** The box of a product's title and price, beside or under its image. */
    text: { width: number; height: number };
    /** The most lines a title takes where the text box has room for them. */
    titleLines: number;
  };
}

/** The padding of a tile and the brand column, and the gap between an image and its texts. */
export const DYNAMIC_PAD = 4;
const GAP = 4;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * How a template fills a size, from its shape alone: wide sizes (leaderboards) put the products
 * in a row after the logo, tall ones (skyscrapers) stack them, squarish ones put them under
 * the logo. `trio` shows as many products (at most three, at most `maxCount`) as have room; every
 * product shows its image and price, and its title where its text box has room for a line
 * (`fitDynamicTexts` decides the texts' sizes).
 */
export function planDynamicLayout(
  width: number,
  height: number,
  layout: DynamicLayout,
  maxCount = 3,
): DynamicLayoutPlan {
  const fontPx = clamp(Math.round(Math.min(width, height) / 12), 10, 16);
  const fit = (room: number, minTile: number) =>
    layout === 'single' ? 1 : clamp(Math.floor(room / minTile), 1, clamp(maxCount, 1, 3));
  const tileOf = (
    tileWidth: number,
    tileHeight: number,
    imagePx: number,
    imageBeside: boolean,
    titleLines: number,
  ) => {
    const inner = { width: tileWidth - 2 * DYNAMIC_PAD, height: tileHeight - 2 * DYNAMIC_PAD };
    const text = imageBeside
      ? { width: inner.width - imagePx - GAP, height: inner.height }
      : { width: inner.width, height: inner.height - (imagePx > 0 ? imagePx + GAP : 0) };
    return { width: tileWidth, height: tileHeight, imagePx, imageBeside, text, titleLines };
  };
  if (width >= 2 * height) {
    const brandWidth = Math.min(Math.round(height * 1.6), Math.round(width * 0.22));
    const room = width - brandWidth;
    const count = fit(room, Math.max(140, height * 1.5));
    return {
      orientation: 'row',
      count,
      fontPx,
      brand: { width: brandWidth, height },
      cta: height >= 60 ? { width: brandWidth - 2 * DYNAMIC_PAD, height: Math.round(fontPx * 2.4) } : null,
      tile: tileOf(Math.floor(room / count), height, height - 2 * DYNAMIC_PAD, true, 3),
    };
  }
  const brandHeight = clamp(Math.round(height * 0.12), 24, 80);
  const ctaHeight = clamp(Math.round(fontPx * 2.5), 28, 48);
  const room = height - brandHeight - ctaHeight;
  if (height >= 1.5 * width) {
    const imageBeside = width >= 250;
    const count = fit(room, imageBeside ? 150 : width - 2 * DYNAMIC_PAD + fontPx * 4);
    const tileHeight = Math.floor(room / count);
    const imagePx = imageBeside
      ? Math.min(tileHeight - 2 * DYNAMIC_PAD, Math.round(width * 0.45))
      : Math.max(0, Math.min(width - 2 * DYNAMIC_PAD, tileHeight - Math.round(fontPx * 3.5)));
    return {
      orientation: 'column',
      count,
      fontPx,
      brand: { width, height: brandHeight },
      cta: { width, height: ctaHeight },
      tile: tileOf(width, tileHeight, imagePx, imageBeside, imageBeside ? 4 : 3),
    };
  }
  const count = fit(width, 100);
  const tileWidth = Math.floor(width / count);
  const imageBeside = count === 1;
  const imagePx = imageBeside
    ? Math.min(room - 2 * DYNAMIC_PAD, Math.floor(width * 0.5))
    : Math.max(0, Math.min(tileWidth - 2 * DYNAMIC_PAD, room - Math.round(fontPx * 3)));
  return {
    orientation: 'box',
    count,
    fontPx,
    brand: { width, height: brandHeight },
    cta: { width, height: ctaHeight },
    tile: tileOf(tileWidth, room, imagePx, imageBeside, imageBeside ? 4 : 2),
  };
}
