/**
 * `compute` with its latest answers kept, at most `size` of them (the oldest go first): for work
 * on strings that traffic repeats (user agents, domains), costlier than a map lookup.
 */
export function keepRecent<T>(compute: (key: string) => T, size: number): (key: string) => T {
  const kept = new Map<string, T>();
  return (key) => {
    let value = kept.get(key);
    if (value === undefined && !kept.has(key)) {
      value = compute(key);
      if (kept.size >= size) kept.delete(kept.keys().next().value as string);
      kept.set(key, value);
    }
    return value as T;
  };
}
