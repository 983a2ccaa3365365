import type { LibraryItem } from '../../../src-shared/ipc/contract';

export const sortKeys = ['added', 'title', 'release', 'rating', 'yourRating'] as const;
export type SortKey = (typeof sortKeys)[number];
export type SortDirection = 'asc' | 'desc';

export const sortLabels: Record<SortKey, string> = {
  added: 'Date added',
  title: 'Title',
  release: 'Release date',
  rating: 'TMDB rating',
  yourRating: 'Your rating',
};

/** The direction each key starts in: newest, best rated first; titles A to Z. */
export const naturalDirection: Record<SortKey, SortDirection> = {
  added: 'desc',
  title: 'asc',
  release: 'desc',
  rating: 'desc',
  yourRating: 'desc',
};

export interface ItemFilter {
  text: string;
  /** Released in or after this year. */
  yearFrom: number | null;
  /** TMDB rating at least this. */
  minRating: number | null;
}

export const noFilter: ItemFilter = { text: '', yearFrom: null, minRating: null };

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

function yearOf(item: LibraryItem): number | null {
  const year = item.releaseDate ? Number.parseInt(item.releaseDate.slice(0, 4), 10) : Number.NaN;
  return Number.isFinite(year) ? year : null;
}

/** Lower-cased, accents removed, so "amelie" finds "Amélie". */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

export function filterItems(items: readonly LibraryItem[], filter: ItemFilter): LibraryItem[] {
  const needle = fold(filter.text);
  return items.filter((item) => {
    if (needle !== '' && !fold(item.title ?? '').includes(needle)) return false;
    if (filter.yearFrom !== null) {
      const year = yearOf(item);
      if (year === null || year < filter.yearFrom) return false;
    }
    if (filter.minRating !== null && (item.voteAverage ?? -1) < filter.minRating) return false;
    return true;
  });
}

function valueOf(item: LibraryItem, key: SortKey): string | number | null {
  switch (key) {
    case 'added':
      return item.addedAt;
    case 'title':
      return item.title;
    case 'release':
      return item.releaseDate && item.releaseDate !== '' ? item.releaseDate : null;
    case 'rating':
      return item.voteAverage;
    case 'yourRating':
      return item.rating;
  }
}

/**
 * Sorts a copy. Items without the value (no release date, not rated) go last in either
 * direction, since "unknown" is neither newest nor oldest; ties keep a stable title order.
 */
export function sortItems(
  items: readonly LibraryItem[],
  key: SortKey,
  direction: SortDirection,
): LibraryItem[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...items].sort((a, b) => {
    const va = valueOf(a, key);
    const vb = valueOf(b, key);
    if (va === null && vb !== null) return 1;
    if (vb === null && va !== null) return -1;
    let order = 0;
    if (va !== null && vb !== null) {
      order =
        typeof va === 'string' && typeof vb === 'string'
          ? collator.compare(va, vb)
          : Number(va) - Number(vb);
    }
    if (order !== 0) return order * sign;
    return collator.compare(a.title ?? '', b.title ?? '') || a.mediaId - b.mediaId;
  });
}

/** A short line for one item: year, and the episode when it is one. */
export function describeItem(item: LibraryItem): string {
  const parts: string[] = [];
  if (item.mediaType === 'episode' && item.season !== undefined && item.episode !== undefined) {
    parts.push(`Season ${item.season}, episode ${item.episode}`);
  }
  const year = yearOf(item);
  if (year !== null) parts.push(String(year));
  return parts.join(' · ');
}
