/** What the library needs to know of a title it holds, in the cache's own field names. */
export interface KnownTitle {
  title: string;
  original_title: string | null;
  poster_path: string | null;
  date: string | null;
  popularity: number | null;
  vote_average: number | null;
}

/**
 * Titles Marquee has seen, so the library can show names and posters offline. The cache's title
 * store answers it; the library only depends on this shape, not on the cache.
 */
export interface TitleLookup {
  title(kind: 'movie' | 'tv', id: number): KnownTitle | undefined;
}
