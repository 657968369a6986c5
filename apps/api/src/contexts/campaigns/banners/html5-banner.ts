import { posix } from 'node:path';
import { bannerMessages } from '@rtb/shared';
import { Parser } from 'htmlparser2';
import { fill } from '../../../core/fill';
import { type ArchiveFile, ArchiveRefused } from './zip-archive';

export const HTML5_ENTRY = 'index.html';

/** Attributes whose value is a URL the page loads or goes to. */
const urlAttributes = new Set([
  'src',
  'href',
  'poster',
  'data',
  'background',
  'action',
  'formaction',
  'xlink:href',
]);
/** Attributes holding a list of `url [descriptor]` candidates. */
const srcsetAttributes = new Set(['srcset', 'imagesrcset']);

/** What index.html says about itself. */
interface Page {
  /** URLs it refers to (relative to the archive's top level). */
  references: string[];
  /** Its <style> elements and style attributes. */
  css: string[];
  /** Its inline scripts, event handlers and javascript: URLs. */
  scripts: string[];
  size: { width: number; height: number } | null;
}

/** `width=300,height=250` (spaces and order as they come). */
function adSize(content: string): Page['size'] {
  const width = /(?:^|[,;\s])width\s*=\s*(\d{1,4})\b/i.exec(content)?.[1];
  const height = /(?:^|[,;\s])height\s*=\s*(\d{1,4})\b/i.exec(content)?.[1];
  return width && height && Number(width) > 0 && Number(height) > 0
    ? { width: Number(width), height: Number(height) }
    : null;
}

function readPage(html: string): Page {
  const page: Page = { references: [], css: [], scripts: [], size: null };
  let inside: 'style' | 'script' | null = null;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        inside = name === 'style' || name === 'script' ? name : null;
        for (const [attribute, value] of Object.entries(attributes)) {
          if (urlAttributes.has(attribute)) {
            if (/^\s*javascript:/i.test(value)) page.scripts.push(value);
            else page.references.push(value);
          } else if (srcsetAttributes.has(attribute))
            page.references.push(
              ...value.split(',').map((candidate) => candidate.trim().split(/\s+/)[0] ?? ''),
            );
          else if (attribute === 'style') page.css.push(value);
          else if (attribute.startsWith('on')) page.scripts.push(value);
        }
        if (name === 'meta') {
          const content = attributes.content ?? '';
          if (attributes.name?.toLowerCase() === 'ad.size') page.size ??= adSize(content);
          if (attributes['http-equiv']?.toLowerCase() === 'refresh') {
            const target = /url\s*=\s*['"]?([^'"]*)/i.exec(content)?.[1];
            if (target) page.references.push(target);
          }
        }
      },
      ontext(text) {
        if (inside === 'style') page.css.push(text);
        if (inside === 'script') page.scripts.push(text);
      },
      onclosetag() {
        inside = null;
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return page;
}

/** The URLs of a style sheet: `url(...)` and `@import "..."`. */
function cssReferences(css: string): string[] {
  const urls = [...css.matchAll(/url\(\s*(['"]?)(.*?)\1\s*\)/gi)].map((m) => m[2] ?? '');
  const imports = [...css.matchAll(/@import\s+(['"])(.*?)\1/gi)].map((m) => m[2] ?? '');
  return [...urls, ...imports];
}

/** Not a file at all: empty, a fragment, or an inline (data:, blob:, javascript:, about:) URL. */
const inline = (url: string) =>
  url === '' || url.startsWith('#') || /^(data|blob|javascript|about):/i.test(url);

/**
 * Where a reference from a file in `folder` leads: nowhere to check (inline), outside the
 * archive (any scheme, `//host`, an absolute path, `..` past the top), or to a file of it.
 */
function resolve(reference: string, folder: string): { outside: true } | { path: string } | null {
  // Browsers drop tabs and new lines from URLs and read a backslash as a slash.
  const url = reference
    .replace(/[\t\n\r]/g, '')
    .trim()
    .replaceAll('\\', '/');
  if (inline(url)) return null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('/')) return { outside: true };
  const [raw = ''] = url.split(/[?#]/);
  if (raw === '') return null;
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {}
  const path = posix.normalize(posix.join(folder, decoded));
  if (path === '..' || path.startsWith('../')) return { outside: true };
  return { path };
}

/** Refuses the first reference that leaves the archive or names a file it does not have. */
function checkReferences(references: string[], folder: string, files: Set<string>): void {
  for (const reference of references) {
    const target = resolve(reference, folder);
    if (!target) continue;
    if ('outside' in target)
      throw new ArchiveRefused(fill(bannerMessages.zipExternalReference, { reference }));
    if (!files.has(target.path))
      throw new ArchiveRefused(fill(bannerMessages.zipMissingReference, { reference }));
  }
}

const CLICK_TAG = /\bclickTag\b/i;

/**
 * Checks an HTML5 banner's files: index.html at the top level; nothing it or its style sheets
 * refer to outside the archive or missing from it; its size in `<meta name="ad.size">`; and the
 * landing page opened through the `clickTag` variable (in its scripts or the archive's .js
 * files). Returns the declared size; throws `ArchiveRefused`.
 */
export function checkHtml5Banner(files: ArchiveFile[]): { width: number; height: number } {
  const index = files.find((file) => file.path === HTML5_ENTRY);
  if (!index) throw new ArchiveRefused(bannerMessages.zipNoIndex);
  const paths = new Set(files.map((file) => file.path));
  const page = readPage(index.data.toString('utf8'));
  checkReferences([...page.references, ...page.css.flatMap(cssReferences)], '', paths);
  for (const sheet of files.filter((file) => file.path.toLowerCase().endsWith('.css')))
    checkReferences(
      cssReferences(sheet.data.toString('utf8')),
      posix.dirname(sheet.path).replace(/^\.$/, ''),
      paths,
    );
  if (!page.size) throw new ArchiveRefused(bannerMessages.html5NoSize);
  const scripts = files
    .filter((file) => /\.m?js$/i.test(file.path))
    .map((file) => file.data.toString('utf8'));
  if (![...page.scripts, ...scripts].some((script) => CLICK_TAG.test(script)))
    throw new ArchiveRefused(bannerMessages.html5NoClickTag);
  return page.size;
}
