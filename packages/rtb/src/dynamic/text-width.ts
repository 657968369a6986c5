/**
 * How wide a text set in the banner's font is at most, in em. The markup has no script, so it
 * cannot measure: the layout is decided here, before the page shows it, and a price must never
 * be cut. So each character counts at about its width in DejaVu Sans Bold, the widest sans-serif
 * a browser falls back to where Arial and Helvetica are missing (Arial's bold digit is 0.56 em,
 * DejaVu's 0.70): whatever font the page gets, the text is no wider than this.
 */
function charWidthEm(char: string): number {
  if (/[\d\p{Sc}]/u.test(char)) return 0.7;
  if (/[\s.,:;'’]/u.test(char)) return 0.38;
  if (/[mwMW%]/.test(char)) return 1.1;
  if (/\p{Ll}/u.test(char)) return 0.72;
  if (/\p{Lu}/u.test(char)) return 0.85;
  return 1;
}

export function textWidthEm(text: string): number {
  let width = 0;
  for (const char of text) width += charWidthEm(char);
  return width;
}

/**
 * The lines `text` takes when wrapped at its spaces (not at no-break ones) into lines `widthEm` wide, greedily as a
 * browser does (Infinity when a word alone is wider). A browser's lines, of narrower glyphs,
 * are never more.
 */
export function wrappedLines(text: string, widthEm: number): number {
  const space = textWidthEm(' ');
  let lines = 0;
  let line = 0;
  for (const word of text.split(/[ \t\n\f\r]+/).filter(Boolean)) {
    const width = textWidthEm(word);
    if (width > widthEm) return Number.POSITIVE_INFINITY;
    if (lines > 0 && line + space + width <= widthEm) line += space + width;
    else {
      lines += 1;
      line = width;
    }
  }
  return lines;
}
