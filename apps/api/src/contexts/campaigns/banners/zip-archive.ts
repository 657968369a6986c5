import { posix } from 'node:path';
import { bannerMessages, HTML5_MAX_FILES, HTML5_MAX_UNPACKED_BYTES } from '@rtb/shared';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { fill } from '../../../core/fill';

/** A file of an HTML5 banner: its path in the archive (`/`-separated, never leaving it) and content. */
export interface ArchiveFile {
  path: string;
  data: Buffer;
}

/** Why an archive is refused: the text of the field error. */
export class ArchiveRefused extends Error {}

const unsafe = (path: string) => new ArchiveRefused(fill(bannerMessages.zipUnsafePath, { path }));
const unreadable = () => new ArchiveRefused(bannerMessages.zipUnreadable);
const tooLarge = () =>
  new ArchiveRefused(fill(bannerMessages.zipTooLarge, { max: HTML5_MAX_UNPACKED_BYTES / 1024 / 1024 }));

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
/** The longest path segment most file systems store. */
const MAX_SEGMENT = 255;

/** What archivers add that is not the banner's (macOS resource forks, Finder and Explorer files). */
const ignored = (path: string) =>
  path.startsWith('__MACOSX/') || ['.DS_Store', 'Thumbs.db'].includes(posix.basename(path));

/**
 * The entry's path inside the archive, or the refusal: `..`, absolute paths, drive letters,
 * backslashes, control characters and symbolic links could all reach outside the banner's folder.
 */
function pathOf(entry: Entry): string {
  const name = yauzl.getFileNameLowLevel(
    entry.generalPurposeBitFlag,
    entry.fileNameRaw,
    entry.extraFields,
    true,
  );
  if (
    yauzl.validateFileName(name) !== null ||
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
    /[\u0000-\u001f\u007f]/.test(name) ||
    ((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK
  )
    throw unsafe(name);
  const segments = name.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.some((segment) => Buffer.byteLength(segment) > MAX_SEGMENT)) throw unsafe(name);
  return segments.join('/');
}

/**
 * The entry's content, inflated while counting: more than `budget` bytes stops the inflation at
 * once, whatever the headers claim (yauzl also refuses a stream longer or shorter than its
 * declared size).
 */
async function contentOf(zip: ZipFile, entry: Entry, budget: number): Promise<Buffer> {
  if (entry.isEncrypted()) throw unreadable();
  const stream = await zip.openReadStreamPromise(entry).catch(() => {
    throw unreadable();
  });
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      size += (chunk as Buffer).length;
      if (size > budget) throw tooLarge();
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    stream.destroy();
    throw error instanceof ArchiveRefused ? error : unreadable();
  }
  return Buffer.concat(chunks);
}

/**
 * The files of a ZIP archive, read one entry at a time: at most HTML5_MAX_FILES files and
 * HTML5_MAX_UNPACKED_BYTES unpacked (an entry whose header alone says more is refused before
 * it is inflated, and the inflated bytes are counted too), every path inside the archive.
 * Directories and archivers' own files are left out. Throws `ArchiveRefused`.
 */
export async function readArchive(bytes: Buffer): Promise<ArchiveFile[]> {
  const zip = await yauzl
    .fromBufferPromise(bytes, { lazyEntries: true, decodeStrings: false, validateEntrySizes: true })
    .catch(() => {
      throw unreadable();
    });
  const files = new Map<string, Buffer>();
  let unpacked = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      const path = pathOf(entry);
      if (path === '' || entry.fileNameRaw.at(-1) === 0x2f || ignored(path)) continue;
      if (files.has(path)) throw unreadable();
      if (files.size === HTML5_MAX_FILES)
        throw new ArchiveRefused(fill(bannerMessages.zipTooManyFiles, { max: HTML5_MAX_FILES }));
      const budget = HTML5_MAX_UNPACKED_BYTES - unpacked;
      if (entry.uncompressedSize > budget) throw tooLarge();
      const data = await contentOf(zip, entry, budget);
      unpacked += data.length;
      files.set(path, data);
    }
  } catch (error) {
    throw error instanceof ArchiveRefused ? error : unreadable();
  } finally {
    zip.close();
  }
  return [...files].map(([path, data]) => ({ path, data }));
}
