import { CodedError } from '../../src-shared/ipc/errors';
import type {
  StatsCoverage,
  StatsMedia,
  StatsOverview,
  StatsPeople,
  StatsPeriod,
  StatsRatings,
  StatsBreakdown,
  StatsTitleView,
  StatsTotals,
  StatsWatchView,
  StatsYearView,
  YearInReviewView,
} from '../../src-shared/ipc/contract/stats';
import { isDate } from '../tracking/dates';
import {
  PEOPLE,
  UNTITLED,
  groupTitles,
  rankPeople,
  ratingsOf,
  sliceTitles,
  summaryOf,
  titlesOf,
  totalsOf,
  type TitleRow,
} from './breakdowns';
import { countryLabel, decadeOf, languageLabel } from './labels';
import { activityOf, rollUp, streaksOf } from './periods';
import { titleKey, type DayRow, type PlayFilter, type WatchRow } from './store/aggregates';
import type { StatsStore } from './store';
import {
  dayOfIso,
  dayStartIn,
  isoOfDay,
  localDayOf,
  offsetSegments,
  startOfLocalDay,
  FIRST_MS,
  LAST_MS,
  type OffsetSegment,
} from './zone';

export interface StatsDeps {
  store: StatsStore;
  clock: () => number;
  timeZone: () => string;
  /** True while the background fill of facts is running. */
  filling: () => boolean;
}

/** Every answer is of the contract's types (src-shared/ipc/contract/stats.ts). */
export interface Stats {
  overview(input: { from?: string; to?: string; media: StatsMedia }): StatsOverview;
  years(): StatsYearView[];
  yearInReview(input: { year: number; media: StatsMedia }): YearInReviewView;
}

/** Everything the overview and the year in review read, for one filter, in one transaction. */
interface Gathered {
  days: DayRow[];
  titles: TitleRow[];
  byKey: Map<number, TitleRow>;
  totals: StatsTotals;
  genres: StatsBreakdown;
  countries: StatsBreakdown;
  ratings: StatsRatings;
  people: StatsPeople;
  coverage: StatsCoverage;
}

export function createStats(deps: StatsDeps): Stats {
  const { store } = deps;

  const segmentsFor = (from: number | null, to: number | null, zone: string): OffsetSegment[] => {
    const span = store.aggregates.span();
    const now = deps.clock();
    const lo = Math.min(span?.min ?? now, from ?? now, now);
    const hi = Math.max(span?.max ?? now, to ?? now, now);
    return offsetSegments(Math.max(lo, FIRST_MS), Math.min(hi, LAST_MS), zone);
  };

  const gather = (filter: PlayFilter, segments: readonly OffsetSegment[]): Gathered => {
    const days = store.aggregates.days(filter, segments);
    const titles = titlesOf(store.aggregates.titles(filter), store.aggregates.factsIndex());
    const byKey = new Map(titles.map((t) => [titleKey(t.mediaType, t.id), t]));
    const undated = store.aggregates.undated(filter.media);
    return {
      days,
      titles,
      byKey,
      totals: totalsOf(titles, days, store.aggregates.episodes(filter), undated),
      genres: sliceTitles(
        titles,
        (info) => info.genres.map((g) => ({ key: g.id, name: g.name })),
        (key, name) => name || `Genre ${String(key)}`,
        String,
      ),
      countries: sliceTitles(
        titles,
        (info) => info.countries.map((c) => ({ key: c, name: '' })),
        countryLabel,
        (key) => key,
      ),
      ratings: ratingsOf(byKey, store),
      people: {
        cast: rankPeople(titles, 'cast', PEOPLE, store),
        directors: rankPeople(titles, 'directors', PEOPLE, store),
      },
      coverage: {
        titles: titles.length,
        missing: titles.filter((t) => !t.fetched && !t.gone).length,
        gone: titles.filter((t) => t.gone).length,
        filling: deps.filling(),
      },
    };
  };

  const rangeOf = (
    from: string | undefined,
    to: string | undefined,
    zone: string,
  ): { from: number | null; to: number | null } => {
    for (const value of [from, to]) {
      if (value !== undefined && !isDate(value))
        throw new CodedError('invalid_input', `${value} is not a calendar date.`);
    }
    if (from !== undefined && to !== undefined && from > to)
      throw new CodedError('invalid_input', 'The start of the range is after its end.');
    return {
      from: from === undefined ? null : startOfLocalDay(dayOfIso(from), zone),
      to: to === undefined ? null : startOfLocalDay(dayOfIso(to) + 1, zone),
    };
  };

  const watchOf = (
    row: WatchRow | null,
    byKey: ReadonlyMap<number, TitleRow>,
    segments: readonly OffsetSegment[],
  ): StatsWatchView | null => {
    if (!row) return null;
    const title = byKey.get(titleKey(row.mediaType === 'movie' ? 'movie' : 'tv', row.id));
    const episode = row.mediaType === 'episode';
    return {
      mediaType: row.mediaType,
      id: row.id,
      title: title?.title ?? UNTITLED,
      episodeName: episode ? row.episodeName : null,
      season: episode ? row.season : null,
      episode: episode ? row.episode : null,
      posterPath: title?.posterPath ?? null,
      watchedAt: row.watchedAt,
      date: isoOfDay(localDayOf(row.watchedAt, segments)),
    };
  };

  return {
    overview(input) {
      const zone = deps.timeZone();
      const range = rangeOf(input.from, input.to, zone);
      const filter: PlayFilter = { ...range, media: input.media };
      const segments = segmentsFor(range.from, range.to, zone);
      const today = localDayOf(deps.clock(), segments);
      const g = store.read(() => gather(filter, segments));
      const firstDay = g.days[0]?.day;
      const lastDay = g.days.at(-1)?.day;
      const series = (grain: 'week' | 'month' | 'year'): StatsPeriod[] =>
        firstDay === undefined || lastDay === undefined
          ? []
          : rollUp(g.days, grain, firstDay, lastDay);
      return {
        filter: { from: input.from ?? null, to: input.to ?? null, media: input.media },
        timeZone: zone,
        // Undated plays are counted in the totals only without a range; their number is given.
        totals: g.totals,
        series: { week: series('week'), month: series('month'), year: series('year') },
        genres: g.genres,
        decades: groupTitles(
          g.titles,
          (t) => {
            const decade = decadeOf(t.releaseDate);
            return decade === null ? null : String(decade);
          },
          (key) => `${key}s`,
        ),
        languages: groupTitles(g.titles, (t) => t.language, languageLabel),
        countries: g.countries,
        ratings: g.ratings,
        people: g.people,
        streaks: streaksOf(g.days, today),
        activity: activityOf(g.days),
        coverage: g.coverage,
      };
    },

    years() {
      const zone = deps.timeZone();
      const segments = segmentsFor(null, null, zone);
      return store.read(() => {
        const span = store.aggregates.span();
        if (!span) return [];
        // One seek per year into the by-date index, not one per day.
        const first = Number(
          isoOfDay(localDayOf(Math.max(span.min, FIRST_MS), segments)).slice(0, 4),
        );
        const last = Number(
          isoOfDay(localDayOf(Math.min(span.max, LAST_MS - 1), segments)).slice(0, 4),
        );
        const startOf = (year: number): number =>
          dayStartIn(dayOfIso(`${String(year).padStart(4, '0')}-01-01`), segments);
        const ranges: Array<[number, number]> = [];
        for (let year = first; year <= last; year++)
          ranges.push([startOf(year), startOf(year + 1)]);
        return store.aggregates
          .sums(ranges, 'all')
          .map((sums, i) => ({
            year: first + i,
            plays: sums.plays,
            filmPlays: sums.filmPlays,
            episodePlays: sums.plays - sums.filmPlays,
            minutes: sums.minutes,
          }))
          .filter((y) => y.plays > 0)
          .reverse();
      });
    },

    yearInReview({ year, media }) {
      const zone = deps.timeZone();
      const jan1 = dayOfIso(`${String(year).padStart(4, '0')}-01-01`);
      const dec31 = dayOfIso(`${String(year).padStart(4, '0')}-12-31`);
      const filter: PlayFilter = {
        from: startOfLocalDay(jan1, zone),
        to: startOfLocalDay(dec31 + 1, zone),
        media,
      };
      const previousFilter: PlayFilter = {
        from: startOfLocalDay(dayOfIso(`${String(year - 1).padStart(4, '0')}-01-01`), zone),
        to: filter.from,
        media,
      };
      const segments = segmentsFor(previousFilter.from, filter.to, zone);
      return store.read(() => {
        const g = gather(filter, segments);
        const { first, last } = store.aggregates.firstAndLast(filter);
        const firstWatch = watchOf(first, g.byKey, segments);
        const lastWatch = watchOf(last, g.byKey, segments);
        const ranked = (kind: 'movie' | 'tv'): StatsTitleView[] =>
          g.titles
            .filter((t) => t.mediaType === kind)
            .sort(
              (a, b) =>
                b.plays - a.plays ||
                b.minutes - a.minutes ||
                (b.lastAt ?? 0) - (a.lastAt ?? 0) ||
                a.id - b.id,
            )
            .slice(0, 5)
            .map(summaryOf);
        const posters = [...g.titles]
          .filter((t) => t.posterPath !== null)
          .sort(
            (a, b) =>
              b.minutes - a.minutes ||
              b.plays - a.plays ||
              a.id - b.id ||
              a.mediaType.localeCompare(b.mediaType),
          )
          .slice(0, 12)
          .map(summaryOf);
        const languages = groupTitles(g.titles, (t) => t.language, languageLabel);
        const streaks = streaksOf(g.days, localDayOf(deps.clock(), segments));
        const activity = activityOf(g.days, 1);
        const [before] = store.aggregates.sums(
          [[previousFilter.from ?? 0, previousFilter.to ?? 0]],
          media,
        );
        const previous: YearInReviewView['previous'] =
          !before || before.plays === 0
            ? null
            : {
                minutes: before.minutes,
                plays: before.plays,
                filmPlays: before.filmPlays,
                episodePlays: before.plays - before.filmPlays,
              };
        return {
          year,
          timeZone: zone,
          totals: { ...g.totals, undatedPlays: 0 },
          previous,
          months: rollUp(g.days, 'month', jan1, dec31),
          genres: g.genres.items.slice(0, 5),
          languages: languages.items.slice(0, 5),
          people: { cast: g.people.cast.slice(0, 5), directors: g.people.directors.slice(0, 5) },
          topSeries: ranked('tv'),
          topFilms: ranked('movie'),
          posters,
          firstWatch,
          lastWatch,
          highestRated: g.ratings.pairs.slice(0, 5),
          longestStreak: streaks.longest,
          busiestDay: activity.busiestDays[0] ?? null,
          coverage: g.coverage,
        };
      });
    },
  };
}
