import sharp from 'sharp';

/** A PNG of `width` x `height` (real bytes, as a designer would export it). */
export const png = (width: number, height: number, colour: string) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
