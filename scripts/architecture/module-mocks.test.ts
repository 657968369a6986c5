// The web, API and e2e projects run their test files in shared workers (`isolate: false` in
// vitest.config.ts): a module is loaded once per worker, so `vi.mock` in one file either misses
// (the module was loaded by an earlier file) or leaks into the files after it. Those files
// replace a dependency by passing it in, or spy on an object's method (`vi.spyOn`), instead.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './cruise';

/** The test directories of the projects that share modules between files. */
const sharedModuleRoots = [
  'apps/web/src',
  'apps/web/e2e',
  'apps/api/src',
  'apps/bidder/src',
  'apps/all-in-one/src',
  'packages/db/src',
];

const mockCall = /\bvi\s*\.\s*(?:do)?[mM]ock\s*\(/;

/** The test files under `root` that mock a module. */
function moduleMockingFiles(root: string): string[] {
  return (readdirSync(join(repoRoot, root), { recursive: true }) as string[])
    .filter((file) => /\.(test|e2e)\.tsx?$/.test(file))
    .map((file) => join(root, file))
    .filter((file) => mockCall.test(readFileSync(join(repoRoot, file), 'utf8')));
}

describe('module mocks', () => {
  it('are recognised, with or without do-, but not other vi calls (the check itself)', () => {
    expect(mockCall.test("vi.mock('./checkout', () => ({}));")).toBe(true);
    expect(mockCall.test('vi.doMock("x")')).toBe(true);
    expect(mockCall.test('vi.mocked(window.confirm)')).toBe(false);
    expect(mockCall.test("vi.spyOn(pageNavigation, 'assign')")).toBe(false);
  });

  it('are not used by the test files of projects whose files share modules', () => {
    expect(sharedModuleRoots.flatMap(moduleMockingFiles)).toEqual([]);
  });
});
