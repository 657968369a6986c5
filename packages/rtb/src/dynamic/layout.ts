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
  tile: { width: number; height: number; imagePx: number; imageBeside: boolean; titleLines: number };
}

const PAD = 4;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

function titleLinesOf(textHeight: number, fontPx: number, max: number) {
  return clamp(Math.floor((textHeight - fontPx * 1.6 - 2 * PAD) / (fontPx * 1.25)), 0, max);
}

/**
 * How a template fills a size, from its shape alone: wide sizes (leaderboards) put the products
 * in a row after the logo, tall ones (skyscrapers) stack them, squarish ones put them under
 * the logo. `trio` shows as many products (at most three) as have room; every product shows its
 * image and price, and its title when there is room for a line.
 */
export function planDynamicLayout(width: number, height: number, layout: DynamicLayout): DynamicLayoutPlan {
  const fontPx = clamp(Math.round(Math.min(width, height) / 12), 10, 16);
  const fit = (room: number, minTile: number) =>
    layout === 'single' ? 1 : clamp(Math.floor(room / minTile), 1, 3);
  if (width >= 2 * height) {
    const brandWidth = Math.min(Math.round(height * 1.6), Math.round(width * 0.22));
    const room = width - brandWidth;
    const count = fit(room, Math.max(140, height * 1.5));
    const imagePx = height - 2 * PAD;
    return {
      orientation: 'row',
      count,
      fontPx,
      brand: { width: brandWidth, height },
      cta: height >= 60 ? { width: brandWidth - 2 * PAD, height: Math.round(fontPx * 2) } : null,
      tile: {
        width: Math.floor(room / count),
        height,
        imagePx,
        imageBeside: true,
        titleLines: titleLinesOf(height, fontPx, 2),
      },
    };
  }
  const brandHeight = clamp(Math.round(height * 0.12), 24, 80);
  const ctaHeight = clamp(Math.round(fontPx * 2.5), 28, 48);
  const room = height - brandHeight - ctaHeight;
  if (height >= 1.5 * width) {
    const imageBeside = width >= 250;
    const count = fit(room, imageBeside ? 150 : width - 2 * PAD + fontPx * 4);
    const tileHeight = Math.floor(room / count);
    const imagePx = imageBeside
      ? Math.min(tileHeight - 2 * PAD, Math.round(width * 0.45))
      : Math.max(0, Math.min(width - 2 * PAD, tileHeight - Math.round(fontPx * 3.5)));
    return {
      orientation: 'column',
      count,
      fontPx,
      brand: { width, height: brandHeight },
      cta: { width, height: ctaHeight },
      tile: {
        width,
        height: tileHeight,
        imagePx,
        imageBeside,
        titleLines: titleLinesOf(imageBeside ? tileHeight : tileHeight - imagePx, fontPx, 3),
      },
    };
  }
  const count = fit(width, 100);
  const tileWidth = Math.floor(width / count);
  const imageBeside = count === 1;
  const imagePx = imageBeside
    ? Math.min(room - 2 * PAD, Math.floor(width * 0.5))
    : Math.max(0, Math.min(tileWidth - 2 * PAD, room - Math.round(fontPx * 3)));
  return {
    orientation: 'box',
    count,
    fontPx,
    brand: { width, height: brandHeight },
    cta: { width, height: ctaHeight },
    tile: {
      width: tileWidth,
      height: room,
      imagePx,
      imageBeside,
      titleLines: titleLinesOf(imageBeside ? room : room - imagePx, fontPx, imageBeside ? 4 : 1),
    },
  };
}
