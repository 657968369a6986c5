import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './cruise';
import { halfDoneCompositions, overlap, overriddenComposedProperties } from './css-composes';

const webSource = join(repoRoot, 'apps/web/src');
const modules = (readdirSync(webSource, { recursive: true }) as string[])
  .filter((file) => file.endsWith('.module.css'))
  .map((file) => join(webSource, file));

describe('CSS modules composing a class of another file', () => {
  it('set none of the properties that class sets (which one wins depends on the chunks’ order)', () => {
    expect(modules.length).toBeGreaterThan(0);
    expect(
      modules.flatMap((file) => overriddenComposedProperties(file, repoRoot)),
      'set a custom property the composed class reads, or do not compose',
    ).toEqual([]);
  });

  it('compose it from its own file, not through a class of theirs (Lightning CSS stops there)', () => {
    expect(modules.flatMap((file) => halfDoneCompositions(file, repoRoot))).toEqual([]);
    const dir = mkdtempSync(join(tmpdir(), 'composes-'));
    writeFileSync(join(dir, 'base.module.css'), '.card { padding: 1rem; }');
    writeFileSync(
      join(dir, 'feature.module.css'),
      [
        '.card { composes: card from "./base.module.css"; }',
        '.plain { color: red; }',
        '.account { composes: card plain; margin: 0; }',
      ].join('\n'),
    );
    expect(halfDoneCompositions(join(dir, 'feature.module.css'), dir)).toEqual([
      'feature.module.css .account: card',
    ]);
  });

  it('are found setting one again, through a chain of compositions too', () => {
    const dir = mkdtempSync(join(tmpdir(), 'composes-'));
    writeFileSync(
      join(dir, 'base.module.css'),
      '.card { padding: 1rem; }\n.page { composes: card; gap: 1rem; }',
    );
    writeFileSync(join(dir, 'middle.module.css'), '.panel { composes: card from "./base.module.css"; }');
    writeFileSync(
      join(dir, 'feature.module.css'),
      [
        '/* a comment { } */',
        '.header { composes: page card from "./base.module.css"; gap: 0.25rem; color: red; }',
        '.wide { composes: panel from "./middle.module.css"; padding-top: 0; border-radius: 0; }',
        '@media (min-width: 40rem) { .header { gap: 2rem; } }',
        '.own { composes: header; gap: 0; }',
      ].join('\n'),
    );
    expect(overriddenComposedProperties(join(dir, 'feature.module.css'), dir)).toEqual([
      'feature.module.css .header: gap',
      'feature.module.css .wide: padding-top',
    ]);
  });

  it('count a shorthand and the properties it sets as the same', () => {
    expect(overlap('padding', 'padding-top')).toBe(true);
    expect(overlap('border-top-color', 'border')).toBe(true);
    expect(overlap('gap', 'row-gap')).toBe(true);
    expect(overlap('border', 'border-radius')).toBe(false);
    expect(overlap('flex', 'flex-direction')).toBe(false);
  });
});
