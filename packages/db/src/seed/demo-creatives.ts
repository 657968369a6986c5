import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { type Rgb, stripedBannerPng } from './png';

/** Demo Shop's banners: the sizes most inventory is sold in, each a generated PNG. */
export const demoBanners: readonly {
  name: string;
  width: number;
  height: number;
  landingUrl: string;
  colours: { a: Rgb; b: Rgb; frame: Rgb };
}[] = [
  {
    name: 'Spring sale – rectangle',
    width: 300,
    height: 250,
    landingUrl: 'https://demo-shop.example.com/sale?utm_source=rtb&utm_medium=display',
    colours: { a: [22, 163, 74], b: [240, 253, 244], frame: [21, 128, 61] },
  },
  {
    name: 'Spring sale – leaderboard',
    width: 728,
    height: 90,
    landingUrl: 'https://demo-shop.example.com/sale?utm_source=rtb&utm_medium=display',
    colours: { a: [22, 163, 74], b: [240, 253, 244], frame: [21, 128, 61] },
  },
  {
    name: 'New collection – mobile banner',
    width: 320,
    height: 50,
    landingUrl: 'https://demo-shop.example.com/new?utm_source=rtb&utm_medium=display',
    colours: { a: [37, 99, 235], b: [239, 246, 255], frame: [30, 64, 175] },
  },
  {
    name: 'New collection – half page',
    width: 300,
    height: 600,
    landingUrl: 'https://demo-shop.example.com/new?utm_source=rtb&utm_medium=display',
    colours: { a: [37, 99, 235], b: [239, 246, 255], frame: [30, 64, 175] },
  },
];

/**
 * Writes a creative's PNG as the banner module stores uploads: DATA_DIR/creatives/<random
 * 32-hex key>/<file>, written into a folder of its own and renamed into place.
 */
export async function writeDemoCreative(
  dataDir: string,
  banner: (typeof demoBanners)[number],
): Promise<{ assetKey: string; assetEntry: string; fileSize: number }> {
  const data = stripedBannerPng(banner.width, banner.height, banner.colours);
  const assetKey = randomBytes(16).toString('hex');
  const assetEntry = `banner-${banner.width}x${banner.height}.png`;
  const root = resolve(dataDir, 'creatives');
  const partial = join(root, `.partial-${assetKey}`);
  await mkdir(partial, { recursive: true });
  await writeFile(join(partial, assetEntry), data);
  await rename(partial, join(root, assetKey));
  return { assetKey, assetEntry, fileSize: data.length };
}
