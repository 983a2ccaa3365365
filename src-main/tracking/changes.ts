import type { ChangeInput } from '../changes/types';
import type { FollowState, Play, ReleaseType } from './types';

/**
 * The changes the tracking domain records, one per logical change, each enough to replay it on
 * another computer: plays by uid, series by TMDB id, inbox items by their natural key. Nothing
 * here names a local row id.
 *
 * | kind              | entity                                  | data                        |
 * | ----------------- | --------------------------------------- | --------------------------- |
 * | `plays.add`       | `series:<id>`, `movie:<id>` or `history` | {@link PlaysAdded}          |
 * | `plays.remove`    | `series:<id>`, `movie:<id>` or `history` | {@link PlaysRemoved}        |
 * | `series.follow`   | `series:<id>`                           | {@link SeriesFollow}        |
 * | `series.specials` | `series:<id>`                           | {@link SeriesSpecials}      |
 * | `series.hidden`   | `series:<id>`                           | {@link SeriesHidden}        |
 * | `series.snooze`   | `series:<id>`                           | {@link SeriesSnooze}        |
 * | `inbox.read`      | `inbox`                                 | {@link InboxRead}           |
 *
 * A play's entity is the one title all its plays belong to; plays of several titles at once (an
 * import's chunk, a backup) name the whole `history`.
 */

/** Plays added (a mark, an undo's restore, an import): replayed by inserting each new uid. */
export interface PlaysAdded {
  plays: Play[];
}

/** Plays removed (an unmark): replayed by deleting these uids; the ids say whose views change. */
export interface PlaysRemoved {
  uids: string[];
  seriesIds: number[];
  movieIds: number[];
}

export interface SeriesFollow {
  seriesId: number;
  follow: FollowState;
}
export interface SeriesSpecials {
  seriesId: number;
  includeSpecials: boolean;
}
export interface SeriesHidden {
  seriesId: number;
  hidden: boolean;
}
/** `until` in ms since the epoch; null ends the snooze. */
export interface SeriesSnooze {
  seriesId: number;
  until: number | null;
}

/** An inbox item named as on every computer: what it announces, never its local row id. */
export interface InboxKey {
  kind: 'episode' | 'release' | 'arrival';
  /** The series' id for an episode, the film's for a release, the title's for an arrival. */
  mediaId: number;
  season: number | null;
  episode: number | null;
  releaseType: ReleaseType | null;
  /** The release's or the arrival's region (ISO 3166-1); null for an episode. */
  region: string | null;
  /** An arrival's film or series (absent for the other kinds, and in older files). */
  mediaType?: 'movie' | 'tv';
  /** The provider an arrival is on (absent for the other kinds). */
  providerId?: number;
}

/** Inbox items read, at `readAt` (ms): replayed by reading those still unread. */
export interface InboxRead {
  readAt: number;
  items: InboxKey[];
}

const unique = (ids: Iterable<number>): number[] => [...new Set(ids)];
const seriesOfPlays = (plays: readonly Play[]): number[] =>
  unique(plays.filter((p) => p.mediaType === 'episode').map((p) => p.mediaId));
const moviesOfPlays = (plays: readonly Play[]): number[] =>
  unique(plays.filter((p) => p.mediaType === 'movie').map((p) => p.mediaId));

/** The one title the plays belong to, or the whole history. */
function playsEntity(plays: readonly Play[]): string {
  const series = seriesOfPlays(plays);
  const movies = moviesOfPlays(plays);
  if (series.length === 1 && movies.length === 0) return `series:${String(series[0])}`;
  if (movies.length === 1 && series.length === 0) return `movie:${String(movies[0])}`;
  return 'history';
}

export const playsAdded = (plays: readonly Play[]): ChangeInput => ({
  domain: 'tracking',
  kind: 'plays.add',
  entity: playsEntity(plays),
  data: { plays: plays.map((p) => ({ ...p })) } satisfies PlaysAdded,
});

export const playsRemoved = (plays: readonly Play[]): ChangeInput => ({
  domain: 'tracking',
  kind: 'plays.remove',
  entity: playsEntity(plays),
  data: {
    uids: plays.map((p) => p.uid),
    seriesIds: seriesOfPlays(plays),
    movieIds: moviesOfPlays(plays),
  } satisfies PlaysRemoved,
});

type SeriesSetting =
  | ({ kind: 'series.follow' } & SeriesFollow)
  | ({ kind: 'series.specials' } & SeriesSpecials)
  | ({ kind: 'series.hidden' } & SeriesHidden)
  | ({ kind: 'series.snooze' } & SeriesSnooze);

export const seriesSet = ({ kind, ...data }: SeriesSetting): ChangeInput => ({
  domain: 'tracking',
  kind,
  entity: `series:${String(data.seriesId)}`,
  data,
});

export const inboxRead = (data: InboxRead): ChangeInput => ({
  domain: 'inbox',
  kind: 'inbox.read',
  entity: 'inbox',
  data,
});

/** The series and films whose views a recorded change touches (what `tracking.changed` names). */
export function titlesOf(change: Pick<ChangeInput, 'kind' | 'data'>): {
  seriesIds: number[];
  movieIds: number[];
} {
  switch (change.kind) {
    case 'plays.add': {
      const { plays } = change.data as PlaysAdded;
      return { seriesIds: seriesOfPlays(plays), movieIds: moviesOfPlays(plays) };
    }
    case 'plays.remove': {
      const { seriesIds, movieIds } = change.data as PlaysRemoved;
      return { seriesIds: [...seriesIds], movieIds: [...movieIds] };
    }
    case 'series.follow':
    case 'series.specials':
    case 'series.hidden':
    case 'series.snooze':
      return { seriesIds: [(change.data as { seriesId: number }).seriesId], movieIds: [] };
    default:
      return { seriesIds: [], movieIds: [] };
  }
}
