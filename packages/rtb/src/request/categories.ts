/**
 * IAB category codes as the bidder compares them: upper case ('iab7-39' is IAB7-39), each once.
 * Tier 1 (`IAB7`) and tier 2 (`IAB7-39`) codes are kept as they are.
 */
export function addCategories(categories: Set<string>, values: readonly string[]): void {
  for (const value of values) categories.add(value.toUpperCase());
}
