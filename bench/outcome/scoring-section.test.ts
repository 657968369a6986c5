import { describe, expect, it } from 'vitest';
import { timedScoringSection } from './scoring-section';

describe('the scoring cost section', () => {
  it('times scoring against hashing alone, both positive, scoring the dearer', () => {
    const section = timedScoringSection(1);
    const [scored, hashed] = section.rows[0]?.values ?? [];
    expect(hashed).toBeGreaterThan(0);
    expect(scored).toBeGreaterThan(hashed ?? 0);
    expect(section.checks).toHaveLength(1);
  });
});
