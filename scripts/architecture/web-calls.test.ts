// The web calls the API through the shared contract (`api.call(contract.x.y, ...)`, decision 0013):
// the request and answer types are those of the schemas the API validates with. The client has no
// methods typed by hand any more (`get<T>`, `post<T>`...); this test keeps them from coming back
// in the web's production code under the names they had.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './cruise';
import { productionFiles } from './production-files';
import { HAND_TYPED_CALL } from './web-calls';

/** The web's production files (tests and their helpers left out, as lint leaves them out). */
const webFiles = productionFiles().filter((file) => file.startsWith('apps/web/src/'));

const callsTypedByHand = (source: string) => new RegExp(HAND_TYPED_CALL.source).test(source);

describe('web calls of the API', () => {
  it('all go through the contract', () => {
    const handTyped = webFiles.filter((file) => callsTypedByHand(readFileSync(join(repoRoot, file), 'utf8')));
    expect(handTyped, 'call these routes with api.call(contract...)').toEqual([]);
  });

  it('typed by hand are found', () => {
    expect(webFiles.length).toBeGreaterThan(0);
    expect(callsTypedByHand("const res = await api.get<{ data: Roles }>('/admin/roles');")).toBe(true);
    expect(callsTypedByHand("await publicApi.post('/advertiser/auth/register', body);")).toBe(true);
    expect(callsTypedByHand('await api.call(contract.roles.list, { query });')).toBe(false);
  });
});
