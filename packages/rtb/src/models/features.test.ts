import { describe, expect, it } from 'vitest';
import { biasIndex } from './dimension';
import { FEATURE_COUNT, featureIndices, type ImpressionFeatures } from './features';

const impression: ImpressionFeatures = {
  width: 300,
  height: 250,
  domain: 'example.com',
  deviceType: 'mobile',
  os: 'android',
  country: 'PL',
  localHour: 20,
  creativeId: 17,
  campaignId: 4,
  audienceId: null,
  lastProductViewAgeSeconds: 1_800,
  adPosition: null,
};

describe('featureIndices', () => {
  it('gives each field a bucket within 2^bits, then the bias', () => {
    const indices = featureIndices(impression, 12);
    expect(indices).toHaveLength(FEATURE_COUNT);
    for (const index of indices.subarray(0, -1)) {
      expect(index).toBeGreaterThanOrEqual(0);
      expect(index).toBeLessThan(4096);
    }
    expect(indices[FEATURE_COUNT - 1]).toBe(biasIndex(12));
  });

  it('is the same for the same impression, and writes into the array it is given', () => {
    const out = new Int32Array(FEATURE_COUNT);
    expect(featureIndices(impression, 16, out)).toBe(out);
    expect([...out]).toEqual([...featureIndices({ ...impression }, 16)]);
  });

  it('changes only the bucket of the field that changed', () => {
    const before = featureIndices(impression, 20);
    const after = featureIndices({ ...impression, domain: 'example.org' }, 20);
    const changed = [...before].flatMap((index, field) => (after[field] === index ? [] : [field]));
    expect(changed).toEqual([1]);
  });

  it('puts a value and its absence, and the same value in two fields, apart', () => {
    const placed = featureIndices({ ...impression, audienceId: 7, adPosition: 7 }, 20);
    const missing = featureIndices(impression, 20);
    expect(placed[8]).not.toBe(missing[8]);
    expect(placed[8]).not.toBe(placed[10]);
  });

  it('buckets the last product view by recency: within the hour is one bucket, a day ago another', () => {
    const at = (seconds: number) =>
      featureIndices({ ...impression, lastProductViewAgeSeconds: seconds }, 20)[9];
    expect(at(60)).toBe(at(3_599));
    expect(at(3_600)).not.toBe(at(3_599));
    expect(at(90_000)).toBe(at(200_000));
    expect(at(90_000)).not.toBe(at(3_599));
  });

  it('spreads values evenly over the buckets', () => {
    const counts = new Array(16).fill(0);
    for (let id = 0; id < 16_000; id += 1) {
      const index = featureIndices({ ...impression, creativeId: id }, 8)[6] ?? 0;
      counts[index % 16] += 1;
    }
    for (const count of counts) expect(Math.abs(count - 1000)).toBeLessThan(150);
  });

  it('refuses bits out of range and a short array', () => {
    expect(() => featureIndices(impression, 30)).toThrow(RangeError);
    expect(() => featureIndices(impression, 16, new Int32Array(3))).toThrow(RangeError);
  });
});
