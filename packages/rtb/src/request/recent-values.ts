/**
 * `compute` with its latest answers kept, at most `size` of them (the oldest go first): for work
 * on values that traffic repeats (user agents, domains, floors), costlier than a map lookup.
 */
export function keepRecent<K, T>(compute: (key: K) => T, size: number): (key: K) => T {
  const kept = new Map<K, T>();
  return (key) => {
    let value = kept.get(key);
    if (value === undefined && !kept.has(key)) {
      value = compute(key);
      if (kept.size >= size) kept.delete(kept.keys().next().value as K);
      kept.set(key, value);
    }
    return value as T;
  };
}
