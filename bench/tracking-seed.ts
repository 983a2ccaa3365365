import { addDays, localDate } from '../src-main/tracking/dates';
import type { SeriesSnapshot, EpisodeSnapshot } from '../src-main/tracking/snapshots';
import type { TrackingStore } from '../src-main/tracking/store';
import type { Tracking } from '../src-main/tracking/tracking';
import type { Play } from '../src-main/tracking/types';

/** A deterministic PRNG so every run measures the same library. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SeededLibrary {
  series: number;
  episodes: number;
  watched: number;
}

/**
 * A heavy watcher's library: `seriesCount` followed series of 2–8 seasons of 8–16 weekly episodes
 * (about 70 each), a third of them still airing into the next months, with `watchedTarget`
 * distinct episodes watched in all, the first ones of each series in order, a few rewatched.
 * Each series' plays are an hour apart and end just before `now`; with `spreadMs`, series `i`'s
 * end `i / seriesCount` of that span earlier, a day apart (years of watching, not one binge).
 */
export function seedLibrary(
  tracking: Tracking,
  store: TrackingStore,
  options: { now: number; seriesCount: number; watchedTarget: number; spreadMs?: number },
): SeededLibrary {
  const random = prng(7);
  const today = localDate(options.now, 'UTC');
  const int = (lo: number, hi: number): number => lo + Math.floor(random() * (hi - lo + 1));
  let episodes = 0;
  const aired: Array<Array<[number, number]>> = [];
  store.transaction(() => {
    for (let i = 0; i < options.seriesCount; i++) {
      const id = 10_000 + i;
      const seasons = int(2, 8);
      const perSeason = int(8, 16);
      const airing = i % 3 === 0;
      // Airing series end a few weeks from now; the others ended months to years ago.
      const total = seasons * perSeason;
      const lastDate = airing ? addDays(today, int(1, 120)) : addDays(today, -int(30, 3000));
      let date = addDays(lastDate, -7 * (total - 1) - 30 * (seasons - 1));
      const map = new Map<number, EpisodeSnapshot[]>();
      const list: Array<[number, number]> = [];
      for (let s = 1; s <= seasons; s++) {
        const eps: EpisodeSnapshot[] = [];
        for (let e = 1; e <= perSeason; e++) {
          eps.push({
            season: s,
            episode: e,
            id: id * 1000 + s * 50 + e,
            name: `Episode ${e} of season ${s}`,
            overview: 'A sentence or two about what happens in this episode, as TMDB writes it.',
            stillPath: `/still${id}_${s}_${e}.jpg`,
            airDate: date,
            runtime: 45,
          });
          if (date <= today) list.push([s, e]);
          date = addDays(date, 7);
        }
        date = addDays(date, 30);
        map.set(s, eps);
        episodes += eps.length;
      }
      aired.push(list);
      const snapshot: SeriesSnapshot = {
        id,
        name: `Series ${i}`,
        posterPath: `/poster${id}.jpg`,
        status: airing ? 'Returning Series' : 'Ended',
        firstAirDate: map.get(1)?.[0]?.airDate ?? null,
        lastAirDate: null,
        nextAirDate: null,
        seasons: [...map].map(([s, eps]) => ({
          season: s,
          name: `Season ${s}`,
          episodeCount: eps.length,
          airDate: eps[0]?.airDate ?? null,
          posterPath: null,
        })),
        episodes: map,
      };
      tracking.refresh.applySeries(snapshot, true);
      tracking.setFollow(id, 'follow');
    }
    // Spread the watched target over the series, each from its first episode, never past what
    // aired: a share of each with some jitter, then the remainder one by one where room is left.
    const totalAired = aired.reduce((sum, l) => sum + l.length, 0);
    const share = Math.min(1, options.watchedTarget / totalAired);
    const counts = aired.map((list) =>
      Math.min(list.length, Math.floor(list.length * share * (0.7 + random() * 0.3))),
    );
    let sum = counts.reduce((a, b) => a + b, 0);
    for (let i = 0; sum < options.watchedTarget && i < 100 * counts.length; i++) {
      const k = i % counts.length;
      if ((counts[k] ?? 0) < (aired[k]?.length ?? 0)) {
        counts[k] = (counts[k] ?? 0) + 1;
        sum += 1;
      }
    }
    let uid = 0;
    const spread = options.spreadMs ?? 0;
    const step = spread > 0 ? 86_400_000 : 3_600_000;
    aired.forEach((list, i) => {
      const count = counts[i] ?? 0;
      const plays: Play[] = [];
      const end = options.now - Math.floor((spread * i) / options.seriesCount);
      for (let k = 0; k < count; k++) {
        const [season, episode] = list[k] ?? [1, 1];
        const at = end - (count - k) * step - i * 60_000;
        plays.push({
          uid: `bench-${++uid}`,
          mediaType: 'episode',
          mediaId: 10_000 + i,
          season,
          episode,
          watchedAt: at,
          source: 'marquee',
          createdAt: at,
        });
      }
      if (count > 0) tracking.restore(plays);
    });
  });
  const watched = tracking
    .progressMany(aired.map((_, i) => 10_000 + i))
    .reduce((sum, p) => sum + p.watched, 0);
  return { series: options.seriesCount, episodes, watched };
}
