/** An ISO 4217 code: three letters, upper-cased; null for anything else. */
export function currencyCode(value: string): string | null {
  if (value.length !== 3) return null;
  for (let i = 0; i < 3; i++) {
    const char = value.charCodeAt(i) | 0x20; // lower case for ASCII letters
    if (char < 0x61 || char > 0x7a) return null;
  }
  return value.toUpperCase();
}
