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

/**
 * `Content-Disposition` of a download: an ASCII fallback name and the real one in UTF-8
 * (RFC 6266), always `attachment` so that no uploaded file is shown inside the app's origin.
 */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
