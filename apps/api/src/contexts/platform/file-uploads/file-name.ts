const MAX_NAME_LENGTH = 200;

/**
 * The name a file is kept and offered under: without folders or control characters, at most
 * 200 characters with its extension kept.
 */
export function safeFileName(name: string, extension: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
  if (!base || base === `.${extension}`) return `file.${extension}`;
  if (base.length <= MAX_NAME_LENGTH) return base;
  const suffix = `.${extension}`;
  return `${base.slice(0, MAX_NAME_LENGTH - suffix.length)}${suffix}`;
}
