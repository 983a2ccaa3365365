import type { PickSeed, PicksListView } from '../../src-shared/ipc/contract/picks';

export type Kind = 'movie' | 'tv';

/** `movie:603`: one key per title, the same in every map of the ranking. */
export const refKey = (kind: Kind, id: number): string => `${kind}:${id}`;

/** One title of the history, as the ranking reads it. */
export interface WatchedTitle {
  kind: Kind;
  id: number;
  /** Film viewings, or episode plays of a series. */
  plays: number;
  /** Distinct episodes watched (0 for a film). */
  episodes: number;
  /** The latest dated play (ms), or null when no play has a date. */
  lastAt: number | null;
  /** The person's rating out of 10, when they rated it. */
  rating: number | null;
  /** Its name, when Marquee knows it. */
  title: string | null;
}

/** What Marquee knows of a watched title's content, for the person's taste. */
export interface TitleTraits {
  genres: readonly number[];
  /** First year of the decade (1990), or null. */
  decade: number | null;
  /** Directors or creators, and the top-billed cast. */
  people: readonly number[];
}

/** A title TMDB recommended or found similar, as a list summary carries it. */
export interface CandidateSummary {
  kind: Kind;
  id: number;
  title: string | null;
  posterPath: string | null;
  date: string | null;
  genres: readonly number[];
  voteAverage: number | null;
  voteCount: number | null;
  popularity: number | null;
  adult: boolean;
}

/** The recommendations cached for one seed: TMDB's lists, best first. */
export interface SeedLists {
  recommendations: readonly CandidateSummary[];
  similar: readonly CandidateSummary[];
}

/** Everything the ranking reads, gathered from the library and the cache. */
export interface RankInput {
  now: number;
  limit: number;
  watched: readonly WatchedTitle[];
  traits: ReadonlyMap<string, TitleTraits>;
  /** Titles never to suggest besides the watched: hidden series, "not interested". */
  excluded: ReadonlySet<string>;
  /** Cached lists by seed key; a seed absent here has nothing cached yet. */
  lists: (kind: Kind, id: number) => SeedLists | null;
  /** People of a candidate when its details are cached; null otherwise. */
  peopleOf: (kind: Kind, id: number) => readonly number[] | null;
  /** A seed's name when the history does not know it (the cache may). */
  nameOf?: (kind: Kind, id: number) => string | null;
  /** Popular titles to fall back on, best first. */
  popular: () => { items: readonly CandidateSummary[]; onServices: boolean };
}

export type PicksResult = PicksListView & {
  /** Seeds with nothing cached, strongest first: the service may fetch a few. */
  waiting: Array<{ kind: Kind; id: number }>;
};

export type { PickSeed };
