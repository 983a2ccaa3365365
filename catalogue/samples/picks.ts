import type { Catalogue, TitleCore } from '../data/catalogue';
import { dayFromIso, isoDay } from '../data/days';
import { scheduleOf } from '../data/schedule';

/**
 * The titles the sample exports are made of, chosen from the catalogue by seed-fixed order
 * (popularity, then index), never by chance, so the same catalogue gives the same samples.
 */
export interface SamplePicks {
  /** Released, clean films, most popular first. */
  readonly films: readonly TitleCore[];
  /** Clean series with aired episodes, and those episodes (season ≥ 1) with their air days. */
  readonly series: readonly {
    readonly core: TitleCore;
    readonly episodes: readonly { season: number; episode: number; day: number }[];
  }[];
  /** Two released films that share one name: a row naming it is ambiguous. None in a clean catalogue without such a pair. */
  readonly twins: readonly [TitleCore, TitleCore] | null;
  /** Names no title of the catalogue has: rows naming them are unmatched. */
  readonly invented: readonly string[];
  /** The catalogue's start day (days since 1970): samples end before it. */
  readonly startDay: number;
}

const INVENTED = [
  'The Lighthouse Keeper’s Almanac',
  'Midnight at the Paper Moon Diner',
  'A Quiet Year in Brennock',
  'Seventeen Letters to Olwen',
];

export const yearOf = (core: TitleCore): number => Number(core.date.slice(0, 4));

export function pickSampleTitles(data: Catalogue): SamplePicks {
  const startDay = data.anchorDay;
  const releasedBy = isoDay(startDay - 60);
  const clean = (core: TitleCore): boolean =>
    !core.adult &&
    data.messy.kindOf(core.kind, core.index) === undefined &&
    core.title.trim() !== '';
  const films = data
    .sortedBy('movie', 'popularity')
    .filter((core) => clean(core) && core.date <= releasedBy)
    .slice(0, 40);

  const series: {
    core: TitleCore;
    episodes: { season: number; episode: number; day: number }[];
  }[] = [];
  for (const core of data.sortedBy('tv', 'popularity')) {
    if (series.length >= 3) break;
    if (!clean(core)) continue;
    const episodes = scheduleOf(data, core)
      .seasons.filter((s) => s.seasonNumber >= 1)
      .flatMap((s) =>
        s.episodes
          .filter((e) => e.airDate !== null && e.airDate < isoDay(startDay - 3))
          .map((e) => ({
            season: s.seasonNumber,
            episode: e.number,
            day: dayFromIso(e.airDate ?? ''),
          })),
      );
    if (episodes.length >= 4) series.push({ core, episodes });
  }

  // A messy catalogue names some films after the one before them; otherwise look for a natural pair.
  let twins: [TitleCore, TitleCore] | null = null;
  const released = (core: TitleCore): boolean => !core.adult && core.date <= releasedBy;
  for (const core of data.movies) {
    const before = data.movieByIndex(core.index - 1);
    if (
      before &&
      data.messy.is('movie', core.index, 'duplicateName') &&
      data.messy.kindOf('movie', before.index) !== 'vanished' &&
      released(core) &&
      released(before)
    ) {
      twins = [before, core];
      break;
    }
  }
  if (!twins) {
    const byTitle = new Map<string, TitleCore>();
    for (const core of data.movies) {
      if (!released(core) || data.messy.kindOf('movie', core.index) === 'vanished') continue;
      const key = core.title.toLowerCase();
      const first = byTitle.get(key);
      if (first) {
        twins = [first, core];
        break;
      }
      byTitle.set(key, core);
    }
  }

  const taken = new Set([...data.movies, ...data.tv].map((core) => core.title.toLowerCase()));
  const invented = INVENTED.map((name) =>
    taken.has(name.toLowerCase()) ? `${name} (Director’s Cut)` : name,
  );
  return { films, series, twins, invented, startDay };
}

/** A viewing day for the k-th sample entry: spread over the two years before the start, never before the title's release. */
export function viewingDay(picks: SamplePicks, core: TitleCore, k: number): number {
  const day = picks.startDay - 5 - ((k * 23) % 700);
  return Math.max(day, dayFromIso(core.date) + 14);
}
