// At most a handful of `as unknown as` in the production code of apps/ and packages/ (tests and
// their helpers left out), each with a comment on its line or the line before saying why the
// types cannot say it. A cast without one fails this test, and so does one in a file not listed
// below or past its file's count; a listed cast that is gone fails too (lower the count, or drop
// the file): the list only shrinks.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './cruise';
import { productionFiles } from './production-files';
import { unknownCasts } from './unknown-casts';

/** The production files that still need `as unknown as`, and how many each has. */
const knownCasts: Record<string, number> = {};

const found = productionFiles().flatMap((file) =>
  unknownCasts(file, readFileSync(join(repoRoot, file), 'utf8')).map((cast) => ({ file, ...cast })),
);
const countsOf = (casts: { file: string }[]) => {
  const counts: Record<string, number> = {};
  for (const { file } of casts) counts[file] = (counts[file] ?? 0) + 1;
  return counts;
};

describe('`as unknown as` in production code', () => {
  it('is found where there is one (the check itself)', () => {
    const text =
      'const a = b as unknown as C;\n// the driver types no rows\nconst d = (e as unknown as F).g;\n';
    expect(unknownCasts('x.ts', text)).toEqual([
      { line: 1, commented: false },
      { line: 3, commented: true },
    ]);
    expect(unknownCasts('x.ts', '/** as unknown as one that does not exist */\n')).toEqual([]);
  });

  it('says why, in a comment on its line or the line before', () => {
    const uncommented = found.filter((cast) => !cast.commented).map(({ file, line }) => `${file}:${line}`);
    expect(uncommented, 'say why the cast is needed, or type it properly').toEqual([]);
  });

  it('is no more than the files listed have', () => {
    const counts = countsOf(found);
    const over = Object.keys(counts).filter((file) => (counts[file] ?? 0) > (knownCasts[file] ?? 0));
    expect(
      over.map((file) => `${file}: ${counts[file]}`),
      'type it properly (generics, a type guard, the library’s own types)',
    ).toEqual([]);
  });

  it('is still in each file listed (else lower its count)', () => {
    const counts = countsOf(found);
    const fewer = Object.keys(knownCasts).filter((file) => (counts[file] ?? 0) < (knownCasts[file] ?? 0));
    expect(fewer.map((file) => `${file}: ${counts[file] ?? 0}`)).toEqual([]);
  });
});
