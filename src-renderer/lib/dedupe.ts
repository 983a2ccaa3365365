/**
 * `existing` followed by the items of `incoming` not seen yet, by key; the same array when nothing
 * is new, so a page of repeats does not re-render the list.
 */
export function dedupe<T>(
  existing: readonly T[],
  incoming: readonly T[],
  key: (item: T) => string,
): readonly T[] {
  const seen = new Set(existing.map(key));
  const added = incoming.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  return added.length === 0 ? existing : [...existing, ...added];
}

/**
 * `items` without repeats, by key, first one kept. TMDB's lists repeat entries (a job listed twice
 * in a department, a title on two pages), and a keyed `{#each}` throws on a repeated key, so every
 * keyed list of server data passes through this first (issue 13).
 */
export function uniqueBy<T>(items: readonly T[], key: (item: T) => string | number): T[] {
  const seen = new Set<string | number>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
