import type { ImportRow, SourceRef } from '../rows';

/** One viewing as a file tells it. */
export interface Viewing {
  at: number | null;
  file: string;
  line: number;
}

interface Entry {
  ref: SourceRef;
  season?: number;
  episode?: number;
  first: Viewing | null;
  /** Rewatches by file: files repeat one another, so the file that tells the most is kept. */
  rewatches: Map<string, Viewing[]>;
}

const earlier = (a: Viewing | null, b: Viewing): Viewing => {
  if (a === null) return b;
  if (a.at === null) return b.at === null ? a : b;
  return b.at !== null && b.at < a.at ? b : a;
};

/**
 * Merges the viewings of one title (an episode or a film) told by several files into one play
 * per viewing: the first watch once, at its earliest date, and the rewatches of the file that
 * lists the most of them (the same rewatch is repeated in the old and the new log).
 */
export class ViewingMerger {
  private readonly entries: Entry[] = [];
  private readonly byKey = new Map<string, Entry>();

  /** `keys` name the title in every way the files do (TVDB episode id, series and numbers…). */
  add(
    keys: readonly string[],
    ref: SourceRef,
    numbers: { season?: number; episode?: number },
    viewing: Viewing,
    rewatch: boolean,
  ): void {
    let entry: Entry | undefined;
    for (const key of keys) entry ??= this.byKey.get(key);
    if (!entry) {
      entry = { ref, ...numbers, first: null, rewatches: new Map() };
      this.entries.push(entry);
    } else {
      // A later file may know an id the first did not.
      entry.ref = { ...ref, ...entry.ref };
    }
    for (const key of keys) if (!this.byKey.has(key)) this.byKey.set(key, entry);
    if (!rewatch) {
      entry.first = earlier(entry.first, viewing);
      return;
    }
    const list = entry.rewatches.get(viewing.file) ?? [];
    if (!list.some((v) => v.at === viewing.at)) list.push(viewing);
    entry.rewatches.set(viewing.file, list);
  }

  /** The watched rows: a first watch (from a rewatch's date when no first watch was logged), then rewatches. */
  rows(): ImportRow[] {
    const out: ImportRow[] = [];
    for (const entry of this.entries) {
      let best: Viewing[] = [];
      for (const list of entry.rewatches.values()) if (list.length > best.length) best = list;
      const sorted = [...best].sort((a, b) => (a.at ?? 0) - (b.at ?? 0));
      const first = entry.first ?? sorted.shift() ?? null;
      const numbers = {
        ...(entry.season === undefined ? {} : { season: entry.season }),
        ...(entry.episode === undefined ? {} : { episode: entry.episode }),
      };
      const row = (v: Viewing, rewatch: boolean): ImportRow => ({
        kind: 'watched',
        file: v.file,
        line: v.line,
        ref: entry.ref,
        watchedAt: v.at,
        rewatch,
        ...numbers,
      });
      if (first) out.push(row(first, false));
      for (const v of sorted) out.push(row(v, true));
    }
    return out;
  }
}
