import type { AccountKind } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { insertRole, slugsLike } from './repository';

const MAX_SLUG_LENGTH = 50;

/** "Kierownik zespołu" -> "kierownik-zespolu": lower-case ASCII letters, digits and dashes. */
export function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/^-+|-+$/g, '');
  return slug || 'role';
}

/** The first of `base`, `base-2`, `base-3`, ... that no role of the category has. */
function firstFree(base: string, taken: string[]): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  let n = 2;
  while (used.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}

/**
 * Inserts an editable role with a slug derived from its name, unique in its category. A slug
 * taken by a concurrent insert between the look-up and the insert is simply looked up again.
 */
export async function insertRoleWithSlug(
  deps: AppDeps,
  values: { category: AccountKind; name: string },
): Promise<number> {
  const base = slugOf(values.name);
  for (let attempt = 0; attempt < 5; attempt++) {
    const slug = firstFree(base, await slugsLike(deps.db, values.category, base));
    const id = await insertRole(deps.db, { ...values, slug });
    if (id !== null) return id;
  }
  throw new Error(`No free slug for the role "${values.name}".`);
}
