import { randomUUID } from 'node:crypto';
import { CodedError } from '../../src-shared/ipc/errors';
import { playTimeProblem } from '../../src-shared/tracking/play-time';
import type { ChangePath } from '../changes/change-path';
import { playsAdded, playsRemoved } from './changes';
import { isDate, localDate, zonedTime } from './dates';
import {
  compareEpisodes,
  countsToward,
  episodeSlot,
  orderEpisodes,
  type EpisodeKey,
} from './rules';
import type { PlayFilter } from './store/plays';
import type { TrackingStore } from './store';
import {
  playSources,
  type MarkOptions,
  type Play,
  type UnmarkScope,
  type WatchedWhen,
  type WatchScope,
} from './types';

export interface HistoryDeps {
  store: TrackingStore;
  clock: () => number;
  timeZone: () => string;
  region: () => string;
  newUid?: () => string;
  /** The write path of Marquee's own data: each write below records one change, or none. */
  changes: ChangePath;
  /**
   * Called with every series whose plays a write touched, so its progress is recomputed; after
   * the write, whether it committed or rolled back.
   */
  changed: (seriesId: number) => void;
}

/** The ids of the changes a write recorded: one, or none when it changed nothing. */
export interface Recorded {
  changes: string[];
}

export interface History {
  /** Adds plays (one `plays.add`); a rating that offers "mark watched" calls this too. */
  mark(
    target: WatchScope,
    options?: MarkOptions & { airDate?: string | null },
  ): Recorded & { added: Play[] };
  /** Removes the plays in scope (one `plays.remove`) and returns them, so an undo can restore them. */
  unmark(
    target: UnmarkScope,
    options?: { includeSpecials?: boolean },
  ): Recorded & { removed: Play[] };
  /** Removes these plays (an import rolled back) as one change; returns those that were there. */
  removePlays(uids: readonly string[]): Recorded & { removed: Play[] };
  /** Puts plays back as they were (same uid, one `plays.add`); plays already present stay. */
  restore(plays: readonly Play[]): Recorded & { restored: Play[] };
  /** The plays a scope covers, specials included (for reading them). */
  filterOf(target: UnmarkScope): PlayFilter;
}

const invalid = (message: string): CodedError => new CodedError('invalid_input', message);

export function createHistory(deps: HistoryDeps): History {
  const { store, clock } = deps;
  const newUid = deps.newUid ?? randomUUID;

  /** The play time for one item; `airDate` is its release or air date when known. */
  function watchedAt(when: WatchedWhen, airDate: string | null): number | null {
    const tz = deps.timeZone();
    switch (when.kind) {
      case 'now':
        return clock();
      case 'unknown':
        return null;
      case 'release':
        // A day, not a time: noon in the user's zone keeps it on that day wherever it is shown.
        return airDate !== null && isDate(airDate) ? zonedTime(airDate, tz) : null;
      case 'date':
        if (!isDate(when.date)) throw invalid(`Not a date: ${when.date}`);
        if (when.date > localDate(clock(), tz)) throw invalid('A viewing cannot be in the future.');
        return zonedTime(when.date, tz);
      case 'at':
        if (!Number.isFinite(when.at) || when.at < 0) throw invalid('Not a time.');
        if (when.at > clock() + 60_000) throw invalid('A viewing cannot be in the future.');
        return when.at;
    }
  }

  function play(
    target: {
      mediaType: 'movie' | 'episode';
      mediaId: number;
      season: number | null;
      episode: number | null;
    },
    at: number | null,
    options: MarkOptions,
  ): Play {
    const source = options.source ?? 'marquee';
    if (!playSources.includes(source)) throw invalid(`Unknown source: ${source}`);
    // A release or air date after today (a film marked on its release day before it opens).
    const problem = playTimeProblem(at, clock());
    if (problem !== null) throw invalid(`A viewing cannot be marked: ${problem}.`);
    return { uid: newUid(), ...target, watchedAt: at, source, createdAt: clock() };
  }

  /** The plays a mark adds (inside its write: a bulk scope makes the series' row). */
  function playsToMark(
    target: WatchScope,
    options: MarkOptions & { airDate?: string | null },
    now: number,
  ): Play[] {
    const when = options.when ?? { kind: 'now' };
    if (target.scope === 'movie') {
      const release =
        when.kind === 'release' ? store.films.releaseDate(target.movieId, deps.region()) : null;
      return [
        play(
          { mediaType: 'movie', mediaId: target.movieId, season: null, episode: null },
          watchedAt(when, release),
          options,
        ),
      ];
    }
    const seriesId = target.seriesId;
    if (target.scope === 'episode') {
      const stored = store.series.episode(seriesId, target.season, target.episode);
      const airDate = stored?.airDate ?? options.airDate ?? null;
      return [
        play(
          {
            mediaType: 'episode',
            mediaId: seriesId,
            season: target.season,
            episode: target.episode,
          },
          watchedAt(when, airDate),
          options,
        ),
      ];
    }
    store.series.ensure(seriesId, now);
    const row = store.series.get(seriesId);
    const specials =
      target.scope === 'season' && target.season === 0
        ? true
        : (options.includeSpecials ?? row?.includeSpecials ?? false);
    const today = localDate(now, deps.timeZone());
    const watched = new Set(
      options.rewatch
        ? []
        : store.plays.episodeCounts(seriesId).map((c) => episodeSlot(c.season, c.episode)),
    );
    const ordered = orderEpisodes(store.series.episodes(seriesId), specials);
    const inScope = (
      target.scope === 'season'
        ? ordered.filter((ep) => ep.season === target.season)
        : target.scope === 'upTo'
          ? upTo(ordered, target)
          : ordered
    )
      .filter((ep) => countsToward(ep, today, specials))
      .filter((ep) => !watched.has(episodeSlot(ep.season, ep.episode)));
    return inScope.map((ep) =>
      play(
        { mediaType: 'episode', mediaId: seriesId, season: ep.season, episode: ep.episode },
        watchedAt(when, ep.airDate),
        options,
      ),
    );
  }

  /** Records the one change of a write, when it changed anything. */
  const recorded = (plays: readonly Play[], change: typeof playsAdded): string[] =>
    plays.length > 0 ? [deps.changes.record(change(plays)).id] : [];
  /** After a write, committed or not: the series it touched are read again. */
  const touched = (plays: readonly Play[]): void => {
    for (const id of new Set(plays.filter((p) => p.mediaType === 'episode').map((p) => p.mediaId)))
      deps.changed(id);
  };

  function mark(
    target: WatchScope,
    options: MarkOptions & { airDate?: string | null } = {},
  ): Recorded & { added: Play[] } {
    try {
      return deps.changes.write(() => {
        const now = clock();
        const added = store.plays.insert(playsToMark(target, options, now), now);
        return { added, changes: recorded(added, playsAdded) };
      });
    } finally {
      if (target.scope !== 'movie') deps.changed(target.seriesId);
    }
  }

  /**
   * The episodes "up to here" covers, stored or only played (an episode not stored yet sorts by
   * its numbers; an unstored special has no date, so it sorts last and is never in range).
   */
  function upToKeys(
    target: { seriesId: number; season: number; episode: number },
    specials: boolean,
  ): Array<[number, number]> {
    const known = new Map<number, EpisodeKey>();
    for (const ep of store.series.episodes(target.seriesId))
      known.set(episodeSlot(ep.season, ep.episode), ep);
    for (const c of store.plays.episodeCounts(target.seriesId)) {
      const slot = episodeSlot(c.season, c.episode);
      if (!known.has(slot))
        known.set(slot, { season: c.season, episode: c.episode, airDate: null });
    }
    return upTo(orderEpisodes([...known.values()], specials), target)
      .filter((ep) => specials || ep.season > 0)
      .map((ep) => [ep.season, ep.episode]);
  }

  function filterOf(target: UnmarkScope, specials: boolean): PlayFilter {
    switch (target.scope) {
      case 'play':
        return { kind: 'uid', uid: target.uid };
      case 'movie':
        return { kind: 'movie', movieId: target.movieId };
      case 'episode':
        return { kind: 'episode', ...target };
      case 'season':
        return { kind: 'season', seriesId: target.seriesId, season: target.season };
      case 'upTo':
        return { kind: 'keys', seriesId: target.seriesId, keys: upToKeys(target, specials) };
      case 'series':
        return { kind: 'series', seriesId: target.seriesId, specials };
    }
  }

  function unmark(
    target: UnmarkScope,
    options: { includeSpecials?: boolean } = {},
  ): Recorded & { removed: Play[] } {
    let removed: Play[] = [];
    try {
      return deps.changes.write(() => {
        const specials =
          options.includeSpecials ??
          ('seriesId' in target
            ? (store.series.get(target.seriesId)?.includeSpecials ?? false)
            : false);
        removed = store.plays.remove(filterOf(target, specials), clock());
        return { removed, changes: recorded(removed, playsRemoved) };
      });
    } finally {
      touched(removed);
    }
  }

  function removePlays(uids: readonly string[]): Recorded & { removed: Play[] } {
    let removed: Play[] = [];
    try {
      return deps.changes.write(() => {
        const now = clock();
        removed = [...new Set(uids)].flatMap((uid) =>
          store.plays.remove({ kind: 'uid', uid }, now),
        );
        return { removed, changes: recorded(removed, playsRemoved) };
      });
    } finally {
      touched(removed);
    }
  }

  function restore(plays: readonly Play[]): Recorded & { restored: Play[] } {
    // Every play is checked before any is written: undo puts back all it took, or nothing.
    const now = clock();
    for (const p of plays) {
      if (p.uid.trim() === '') throw invalid('A play needs its uid.');
      if (p.mediaType === 'episode' && (p.season === null || p.episode === null))
        throw invalid('An episode play needs its season and episode.');
      if (!playSources.includes(p.source)) throw invalid(`Unknown source: ${p.source}`);
      const problem = playTimeProblem(p.watchedAt, now);
      if (problem !== null) throw invalid(`Play ${p.uid} cannot be restored: ${problem}.`);
    }
    let restored: Play[] = [];
    try {
      return deps.changes.write(() => {
        restored = store.plays.insert(plays, now);
        return { restored, changes: recorded(restored, playsAdded) };
      });
    } finally {
      touched(restored);
    }
  }

  return {
    mark,
    unmark,
    removePlays,
    restore,
    filterOf: (target) => filterOf(target, true),
  };
}

/**
 * The prefix of an ordered episode list up to `target`. When the target is not in the list, the
 * regular episodes numbered up to it.
 */
function upTo<T extends EpisodeKey>(
  ordered: readonly T[],
  target: { season: number; episode: number },
): T[] {
  const at = ordered.findIndex(
    (ep) => ep.season === target.season && ep.episode === target.episode,
  );
  return at >= 0
    ? ordered.slice(0, at + 1)
    : ordered.filter((ep) => ep.season > 0 && compareEpisodes(ep, target) <= 0);
}
