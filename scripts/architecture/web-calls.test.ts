// The web calls the API through the shared contract (`api.call(contract.x.y, ...)`, decision 0013):
// the request and answer types are those of the schemas the API validates with. The client has no
// methods typed by hand any more (`get<T>`, `post<T>`...); this test keeps them from coming back
// in the web's production code under the names they had.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './cruise';
import { HAND_TYPED_CALL } from './web-calls';

const webSrc = join(repoRoot, 'apps/web/src');
const testCode =
  /\.test\.tsx?$|(^|\/)(test|test-utils)\/|(^|\/)(test-helpers|test-fixtures|[\w-]*test-utils)\.tsx?$/;

/** The web's production files (tests and their helpers left out), relative to apps/web/src. */
const productionFiles = (readdirSync(webSrc, { recursive: true }) as string[])
  .map((file) => relative(webSrc, join(webSrc, file)))
  .filter((file) => /\.tsx?$/.test(file) && !testCode.test(file));

const callsTypedByHand = (source: string) => new RegExp(HAND_TYPED_CALL.source).test(source);

describe('web calls of the API', () => {
  it('all go through the contract', () => {
    const handTyped = productionFiles.filter((file) =>
      callsTypedByHand(readFileSync(join(webSrc, file), 'utf8')),
    );
    expect(handTyped, 'call these routes with api.call(contract...)').toEqual([]);
  });

  it('typed by hand are found', () => {
    expect(productionFiles.length).toBeGreaterThan(0);
    expect(callsTypedByHand("const res = await api.get<{ data: Roles }>('/admin/roles');")).toBe(true);
    expect(callsTypedByHand("await publicApi.post('/advertiser/auth/register', body);")).toBe(true);
    expect(callsTypedByHand('await api.call(contract.roles.list, { query });')).toBe(false);
  });
});
