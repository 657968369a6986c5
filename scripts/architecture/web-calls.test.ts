// The web calls the API through the shared contract (`api.call(contract.x.y, ...)`, decision 0013):
// the request and answer types are those of the schemas the API validates with. The client's other
// methods take a type written by hand; the features below still use them and are listed here. A
// file elsewhere that does fails this test, and so does a listed feature that no longer does (drop
// it from the list): the list only shrinks.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './cruise';
import { HAND_TYPED_CALL } from './web-calls';

/** Features whose calls are still typed by hand. */
const handTypedFeatures = ['users'];

const webSrc = join(repoRoot, 'apps/web/src');
const testCode =
  /\.test\.tsx?$|(^|\/)(test|test-utils)\/|(^|\/)(test-helpers|test-fixtures|[\w-]*test-utils)\.tsx?$/;

/** The web's production files (tests and their helpers left out), relative to apps/web/src. */
const productionFiles = (readdirSync(webSrc, { recursive: true }) as string[])
  .map((file) => relative(webSrc, join(webSrc, file)))
  .filter((file) => /\.tsx?$/.test(file) && !testCode.test(file));

const handTyped = productionFiles.filter((file) =>
  new RegExp(HAND_TYPED_CALL.source).test(readFileSync(join(webSrc, file), 'utf8')),
);
const featureOf = (file: string) => /^features\/([^/]+)\//.exec(file)?.[1];

describe('web calls of the API', () => {
  it('go through the contract outside the listed features', () => {
    const outside = handTyped.filter((file) => !handTypedFeatures.includes(featureOf(file) ?? ''));
    expect(outside, 'call these routes with api.call(contract...)').toEqual([]);
  });

  it('are still typed by hand in each listed feature (else drop it from the list)', () => {
    const features = new Set(handTyped.map(featureOf));
    expect(handTypedFeatures.filter((feature) => !features.has(feature))).toEqual([]);
  });
});
