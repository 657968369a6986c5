/** The tier-1 category of an IAB category: `IAB7` of `IAB7-39`, itself for a tier-1 one. */
export function tier1Of(category: string): string {
  const dash = category.indexOf('-');
  return dash === -1 ? category : category.slice(0, dash);
}

/** A list of IAB categories prepared for `categoryRelated`. */
export interface CategorySet {
  exact: ReadonlySet<string>;
  tier1s: ReadonlySet<string>;
}

export function categorySet(categories: readonly string[]): CategorySet {
  return { exact: new Set(categories), tier1s: new Set(categories.map(tier1Of)) };
}

/**
 * Whether `category` is one of the set, a sub-category of one (`IAB7-39` of `IAB7`) or the
 * tier-1 parent of one (`IAB7` of `IAB7-39`): a campaign about health in general may be about
 * the blocked sub-topic too. Two different sub-categories of one tier 1 are not related.
 */
export function categoryRelated(category: string, set: CategorySet): boolean {
  return set.exact.has(category) || set.exact.has(tier1Of(category)) || set.tier1s.has(category);
}

export function anyCategoryRelated(categories: readonly string[], set: CategorySet): boolean {
  if (set.exact.size === 0) return false;
  for (const category of categories) if (categoryRelated(category, set)) return true;
  return false;
}
