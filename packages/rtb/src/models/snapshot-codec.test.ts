import { describe, expect, it } from 'vitest';
import { modelDimension } from './dimension';
import { modelSnapshot, predictProbability } from './snapshot';
import { parseModel, serialiseModel } from './snapshot-codec';

function sparseSnapshot() {
  const weights = new Float32Array(modelDimension(8));
  weights[3] = 0.75;
  weights[200] = -1.25;
  weights[256] = -2.5; // the bias
  return modelSnapshot(5, 8, weights);
}

describe('serialiseModel and parseModel', () => {
  it('keep only the non-zero weights, as JSON survives them', () => {
    const serialised = serialiseModel(sparseSnapshot());
    expect(serialised.version).toBe(5);
    expect(atob(serialised.indices)).toHaveLength(12);
    const parsed = parseModel(JSON.parse(JSON.stringify(serialised)));
    expect(parsed.version).toBe(5);
    expect(parsed.bits).toBe(8);
    expect([...parsed.weights]).toEqual([...sparseSnapshot().weights]);
    expect(predictProbability(parsed, [3, 200, 256])).toBeCloseTo(1 / (1 + Math.exp(3)), 12);
  });

  it('refuse what serialiseModel could not have written', () => {
    const serialised = serialiseModel(sparseSnapshot());
    const indexOf = (...indices: number[]) =>
      btoa(String.fromCharCode(...indices.flatMap((i) => [i, 0, 0, 0])));
    expect(() => parseModel({ ...serialised, bits: 40 })).toThrow(RangeError);
    expect(() => parseModel({ ...serialised, version: 0 })).toThrow(RangeError);
    expect(() => parseModel({ ...serialised, indices: indexOf(200, 3, 1) })).toThrow(RangeError);
    expect(() => parseModel({ ...serialised, indices: indexOf(3, 200) })).toThrow(RangeError);
    expect(() => parseModel({ ...serialised, indices: '!!' })).toThrow(RangeError);
    const wider = new Float32Array(modelDimension(9));
    wider[512] = 1;
    expect(() => parseModel({ ...serialiseModel(modelSnapshot(1, 9, wider)), bits: 8 })).toThrow(RangeError);
  });
});

describe('modelSnapshot', () => {
  it('is frozen and needs the weights of its bits', () => {
    const snapshot = sparseSnapshot();
    expect(Object.isFrozen(snapshot)).toBe(true);
    expect(() => modelSnapshot(1, 8, new Float32Array(256))).toThrow(RangeError);
  });
});
