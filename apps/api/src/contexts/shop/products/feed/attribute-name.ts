/**
 * The attribute a feed column or element names: `Title [title]` -> `title` (the bracketed name
 * wins), `Image Link` -> `image_link`; case and surrounding whitespace do not matter.
 */
export function attributeName(label: string): string {
  const bracketed = /\[([^\]]*)\]\s*$/.exec(label);
  const name = (bracketed ? bracketed[1] : label) ?? '';
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}
