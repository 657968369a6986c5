import type { FrequencyCapPeriod } from '@rtb/shared';
import { describe, expect, it } from 'vitest';
import { frequencyKey } from './frequency';
import { campaign } from './test-fixtures';

const capped = (period: FrequencyCapPeriod, timeZone = 'Europe/Warsaw') =>
  campaign({ id: 7, timeZone, frequencyCap: { count: 3, period } });
const at = (iso: string) => new Date(iso);
const ms = (iso: string) => Date.parse(iso);

describe('frequencyKey', () => {
  it('is null without a cap or without a user', () => {
    expect(frequencyKey(campaign(), 'u1', at('2026-06-10T10:30:00Z'))).toBeNull();
    expect(frequencyKey(capped('day'), null, at('2026-06-10T10:30:00Z'))).toBeNull();
  });

  it('counts UTC hours', () => {
    expect(frequencyKey(capped('hour'), 'u1', at('2026-06-10T10:30:00Z'))).toEqual({
      key: 'f:{uu1}:c7:h2026-06-10T10',
      expiresAtMs: ms('2026-06-10T11:00:00Z'),
    });
  });

  it('counts the advertiser’s days, ending at its local midnight', () => {
    // 22:30 UTC is already 11 June in Warsaw.
    expect(frequencyKey(capped('day'), 'u1', at('2026-06-10T22:30:00Z'))).toEqual({
      key: 'f:{uu1}:c7:d2026-06-11',
      expiresAtMs: ms('2026-06-11T22:00:00Z'),
    });
    expect(frequencyKey(capped('day', 'UTC'), 'u1', at('2026-06-10T22:30:00Z'))).toEqual({
      key: 'f:{uu1}:c7:d2026-06-10',
      expiresAtMs: ms('2026-06-11T00:00:00Z'),
    });
    // Kathmandu (UTC+5:45) reaches midnight at 18:15 UTC.
    expect(frequencyKey(capped('day', 'Asia/Kathmandu'), 'u1', at('2026-06-10T10:00:00Z'))?.expiresAtMs).toBe(
      ms('2026-06-10T18:15:00Z'),
    );
  });

  it('lasts 23 hours on the day summer time starts and 25 on the day it ends', () => {
    const dayLength = (before: string, on: string) =>
      ((frequencyKey(capped('day'), 'u1', at(on))?.expiresAtMs ?? 0) -
        (frequencyKey(capped('day'), 'u1', at(before))?.expiresAtMs ?? 0)) /
      3_600_000;
    expect(frequencyKey(capped('day'), 'u1', at('2026-03-29T10:00:00Z'))).toEqual({
      key: 'f:{uu1}:c7:d2026-03-29',
      expiresAtMs: ms('2026-03-29T22:00:00Z'),
    });
    expect(dayLength('2026-03-28T10:00:00Z', '2026-03-29T10:00:00Z')).toBe(23);
    expect(dayLength('2026-10-24T10:00:00Z', '2026-10-25T10:00:00Z')).toBe(25);
    expect(dayLength('2026-06-09T10:00:00Z', '2026-06-10T10:00:00Z')).toBe(24);
  });

  it('counts ISO weeks of the local day, ending at local Monday 00:00', () => {
    expect(frequencyKey(capped('week'), 'u1', at('2026-06-10T10:00:00Z'))).toEqual({
      key: 'f:{uu1}:c7:w2026-W24',
      expiresAtMs: ms('2026-06-14T22:00:00Z'),
    });
    // Sunday 23:30 in Warsaw: half an hour left.
    expect(frequencyKey(capped('week'), 'u1', at('2026-06-14T21:30:00Z'))?.expiresAtMs).toBe(
      ms('2026-06-14T22:00:00Z'),
    );
    // The week summer time starts in ends at Monday midnight CEST.
    expect(frequencyKey(capped('week'), 'u1', at('2026-03-25T12:00:00Z'))).toEqual({
      key: 'f:{uu1}:c7:w2026-W13',
      expiresAtMs: ms('2026-03-29T22:00:00Z'),
    });
    // 1 January 2027 is a Friday of the last ISO week of 2026 (which has 53).
    expect(frequencyKey(capped('week'), 'u1', at('2027-01-01T12:00:00Z'))?.key).toBe('f:{uu1}:c7:w2026-W53');
  });

  it('keeps a lifetime counter for 400 days', () => {
    expect(frequencyKey(capped('lifetime'), 'x:abc', at('2026-06-10T10:00:00Z'))).toEqual({
      key: 'f:{ux:abc}:c7:l',
      expiresAtMs: ms('2026-06-10T10:00:00Z') + 400 * 86_400_000,
    });
  });
});
