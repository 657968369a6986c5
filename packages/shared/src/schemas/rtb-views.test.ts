import { describe, expect, it } from 'vitest';
import type { CommonStatus } from '../enums';
import { overallStatus, type RtbViewStatus, viewAreas } from './rtb-views';

const withStatuses = (statuses: CommonStatus[]): RtbViewStatus =>
  Object.fromEntries(
    viewAreas.map((area, i) => [
      area,
      { commonStatus: statuses[i] ?? 'Ok', message: '', requiresAction: false },
    ]),
  ) as RtbViewStatus;

describe('overall integration status (spec section 4)', () => {
  it('is the worst area, in the order Error, Warning, Processing, Ok', () => {
    expect(overallStatus(withStatuses(['Ok', 'Ok', 'Ok', 'Ok', 'Ok']))).toBe('Ok');
    expect(overallStatus(withStatuses(['Ok', 'Processing', 'Ok', 'Ok', 'Ok']))).toBe('Processing');
    expect(overallStatus(withStatuses(['Processing', 'Ok', 'Warning', 'Ok', 'Processing']))).toBe('Warning');
    expect(overallStatus(withStatuses(['Warning', 'Processing', 'Ok', 'Ok', 'Error']))).toBe('Error');
    expect(overallStatus(withStatuses(['Error', 'Error', 'Error', 'Error', 'Error']))).toBe('Error');
  });

  it('counts every one of the five areas', () => {
    for (const [i] of viewAreas.entries()) {
      const statuses: CommonStatus[] = ['Ok', 'Ok', 'Ok', 'Ok', 'Ok'];
      statuses[i] = 'Warning';
      expect(overallStatus(withStatuses(statuses))).toBe('Warning');
    }
  });
});
