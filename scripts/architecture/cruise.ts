// dependency-cruiser's API with the project's configuration, for the rule tests (fixture trees in a
// temporary folder) and the figures (the real tree). `npm run lint:architecture` runs the same
// configuration through the CLI.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../..');
export const configFile = join(repoRoot, '.dependency-cruiser.cjs');
export const knownViolationsFile = join(repoRoot, '.dependency-cruiser-known-violations.json');

export function readKnownViolations(): IViolation[] {
  return JSON.parse(readFileSync(knownViolationsFile, 'utf8')) as IViolation[];
}

/** Cruises `apps` and `packages` under baseDir with the project's rules. */
export async function cruiseTree(
  baseDir: string,
  extra: { knownViolations?: IViolation[] } = {},
): Promise<ICruiseResult> {
  const options = await extractDepcruiseOptions(configFile);
  const { output } = await cruise(['apps', 'packages'], { ...options, ...extra, baseDir });
  if (typeof output === 'string') throw new Error('dependency-cruiser returned a report, not a result');
  return output;
}

/** The violations that fail lint (known ones are softened to `ignore`). */
export function errors(result: ICruiseResult): IViolation[] {
  return result.summary.violations.filter((violation) => violation.rule.severity === 'error');
}
