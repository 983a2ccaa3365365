import { z } from 'zod';
import type { Domain } from './domain';
import { id, noInput } from './models';

/**
 * Viewing statistics and the year in review, computed in main from the watch history (library
 * plays) and the facts Marquee keeps about watched titles (runtime, genres, languages, countries,
 * TMDB's average, credits). All local and offline; nothing here calls TMDB while answering.
 *
 * Units: durations are whole minutes; instants are ms since the epoch; days are `YYYY-MM-DD` in
 * the user's time zone (the same zone the tracking calendar uses). Plays without a known date
 * count in the all-time totals only when no date range is set, and never in a time series.
 */

/** A calendar day, `YYYY-MM-DD`, in the user's time zone. */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a YYYY-MM-DD date');
const count = z.number().int().min(0);
/** Whole minutes. */
const minutes = z.number().int().min(0);
const time = z.number().int().min(0);

/** Which history a stat covers: films, series (episodes), or both. */
export const statsMedia = z.enum(['all', 'movie', 'tv']);
export type StatsMedia = z.infer<typeof statsMedia>;

/** The filters every stat takes. Both ends of the range are inclusive; either may be left open. */
export const statsFilter = z.object({
  from: day.optional(),
  to: day.optional(),
  media: statsMedia.default('all'),
});
export type StatsFilter = z.input<typeof statsFilter>;

export const statsTotals = z.object({
  /** Time watched: film runtimes plus episode runtimes, one per play (rewatches count again). */
  minutes,
  /** Every play (film and episode viewings, rewatches included). */
  plays: count,
  /** Film viewings. */
  filmPlays: count,
  /** Episode viewings. */
  episodePlays: count,
  /** Distinct films watched. */
  films: count,
  /** Distinct episodes watched. */
  episodes: count,
  /** Distinct series with at least one episode watched. */
  series: count,
  /** Distinct days with at least one play. */
  activeDays: count,
  /** Plays whose runtime is unknown (their time is missing from `minutes`). */
  playsWithoutRuntime: count,
  /** Plays with no known date: in the totals only when no range is set, never in a series. */
  undatedPlays: count,
});
export type StatsTotals = z.infer<typeof statsTotals>;

/**
 * One bar of a time series. Series are contiguous from the first to the last period with a play
 * in the range (periods without plays are present with zeros), oldest first.
 */
export const statsPeriod = z.object({
  /** `2024-W07` (ISO week), `2024-03` (month) or `2024` (year). */
  period: z.string(),
  /** The period's first day. */
  start: day,
  /** The period's last day. */
  end: day,
  minutes,
  plays: count,
  filmPlays: count,
  episodePlays: count,
});
export type StatsPeriod = z.infer<typeof statsPeriod>;

/** One slice of a breakdown (a genre, a decade, a language, a country). */
export const statsSlice = z.object({
  /**
   * Stable key: the TMDB genre id (as text), the decade's first year (`1990`), the ISO 639-1
   * language code (`fr`), the ISO 3166-1 country code (`FR`).
   */
  key: z.string(),
  /** Display name in English: `Drama`, `1990s`, `French`, `France`. */
  label: z.string(),
  /** Distinct titles (films and series) in the slice. */
  titles: count,
  plays: count,
  minutes,
});
export type StatsSlice = z.infer<typeof statsSlice>;

/**
 * A breakdown, largest first (by minutes, then plays, then label). A title with several genres or
 * countries counts in each. Titles whose facts lack the field are counted in `unknown`.
 */
export const statsBreakdown = z.object({
  items: z.array(statsSlice),
  unknown: z.object({ titles: count, plays: count, minutes }),
});
export type StatsBreakdown = z.infer<typeof statsBreakdown>;

/** A rated title: the user's rating against TMDB's average. */
export const ratingPair = z.object({
  mediaType: z.enum(['movie', 'tv']),
  id,
  title: z.string(),
  posterPath: z.string().nullable(),
  /** Release year (first air year for a series), when known. */
  year: z.number().int().nullable(),
  /** The user's rating, 0.5..10 in steps of 0.5. */
  mine: z.number(),
  /** TMDB's vote average, 0..10, one decimal. */
  tmdb: z.number(),
  /** TMDB's vote count, so a chart can fade averages of few votes. */
  votes: count,
});
export type RatingPairView = z.infer<typeof ratingPair>;

export const statsRatings = z.object({
  /**
   * Ten buckets, 1..10 always present. `mine` counts the user's ratings rounded to the nearest
   * whole (half up, 0.5 → 1); `tmdb` counts TMDB's averages of the same titles rounded the same way.
   */
  distribution: z.array(
    z.object({ bucket: z.number().int().min(1).max(10), mine: count, tmdb: count }),
  ),
  /** Watched titles in the filter that the user rated and TMDB has an average for (≥ 1 vote). */
  pairs: z.array(ratingPair),
  /** Mean of the user's ratings over `pairs`; null when none. */
  meanMine: z.number().nullable(),
  /** Mean of TMDB's averages over `pairs`; null when none. */
  meanTmdb: z.number().nullable(),
  /** Mean of (mine − TMDB) over `pairs`; positive: the user rates higher than TMDB. Null when none. */
  meanDifference: z.number().nullable(),
});
export type StatsRatings = z.infer<typeof statsRatings>;

/** A person counted over the credits of watched titles. */
export const statsPerson = z.object({
  id,
  name: z.string(),
  profilePath: z.string().nullable(),
  /** Distinct watched titles the person is credited on. */
  titles: count,
  /** Plays of those titles (episode plays for a series). */
  plays: count,
  minutes,
});
export type StatsPersonView = z.infer<typeof statsPerson>;

export const statsPeople = z.object({
  /** Top-billed cast of films and series (the series' regular cast), most titles first, top 20. */
  cast: z.array(statsPerson),
  /** Directors of films and creators of series, most titles first, top 20. */
  directors: z.array(statsPerson),
});
export type StatsPeople = z.infer<typeof statsPeople>;

/** A run of consecutive days with at least one play. */
export const statsStreak = z.object({
  days: z.number().int().min(1),
  from: day,
  to: day,
  plays: count,
});
export type StatsStreak = z.infer<typeof statsStreak>;

export const statsStreaks = z.object({
  /** The longest run in the filter (the latest one on a tie); null without dated plays. */
  longest: statsStreak.nullable(),
  /** The run that ends today or yesterday (it is still alive); null otherwise. */
  current: statsStreak.nullable(),
});

export const statsBusiestDay = z.object({ date: day, plays: count, minutes });

export const statsActivity = z.object({
  /** The ten days with the most minutes watched (then plays), busiest first. */
  busiestDays: z.array(statsBusiestDay),
  /** Seven entries, Monday (1) to Sunday (7). */
  weekdays: z.array(z.object({ weekday: z.number().int().min(1).max(7), plays: count, minutes })),
});

/** How complete the facts behind the stats are. */
export const statsCoverage = z.object({
  /** Distinct watched titles (films and series) in the filter. */
  titles: count,
  /** Of those, titles whose facts are not fetched yet ("3 titles still loading"). */
  missing: count,
  /** Of those, titles TMDB no longer has (404): counted with what is known, never refetched. */
  gone: count,
  /** True while the background fill is fetching facts (an event announces each batch). */
  filling: z.boolean(),
});
export type StatsCoverage = z.infer<typeof statsCoverage>;

export const statsOverview = z.object({
  /** The filter as applied (an open end stays null). */
  filter: z.object({ from: day.nullable(), to: day.nullable(), media: statsMedia }),
  /** The user's time zone the days are in. */
  timeZone: z.string(),
  totals: statsTotals,
  series: z.object({
    week: z.array(statsPeriod),
    month: z.array(statsPeriod),
    year: z.array(statsPeriod),
  }),
  genres: statsBreakdown,
  decades: statsBreakdown,
  languages: statsBreakdown,
  countries: statsBreakdown,
  ratings: statsRatings,
  people: statsPeople,
  streaks: statsStreaks,
  activity: statsActivity,
  coverage: statsCoverage,
});
export type StatsOverview = z.infer<typeof statsOverview>;

export const statsYear = z.object({
  year: z.number().int(),
  plays: count,
  filmPlays: count,
  episodePlays: count,
  minutes,
});
export type StatsYearView = z.infer<typeof statsYear>;

/** A title in a ranking, with its poster. */
export const statsTitle = z.object({
  mediaType: z.enum(['movie', 'tv']),
  id,
  title: z.string(),
  posterPath: z.string().nullable(),
  /** Plays (episode plays for a series). */
  plays: count,
  minutes,
});
export type StatsTitleView = z.infer<typeof statsTitle>;

/** One play, named, for "first and last watch of the year". */
export const statsWatch = z.object({
  mediaType: z.enum(['movie', 'episode']),
  /** The film's id, or the series' id for an episode. */
  id,
  /** Film title or series name. */
  title: z.string(),
  /** The episode's name, for an episode when known. */
  episodeName: z.string().nullable(),
  season: z.number().int().nullable(),
  episode: z.number().int().nullable(),
  posterPath: z.string().nullable(),
  watchedAt: time,
  date: day,
});
export type StatsWatchView = z.infer<typeof statsWatch>;

export const yearInReview = z.object({
  year: z.number().int(),
  timeZone: z.string(),
  totals: statsTotals,
  /** The previous year's time and plays, for "up 20% on 2023"; null when it has no plays. */
  previous: z.object({ minutes, plays: count, filmPlays: count, episodePlays: count }).nullable(),
  /** Twelve entries, January to December (`2024-01` … `2024-12`). */
  months: z.array(statsPeriod),
  /** Top five of each. */
  genres: z.array(statsSlice),
  languages: z.array(statsSlice),
  people: statsPeople,
  /** The five series with the most episode plays. */
  topSeries: z.array(statsTitle),
  /** The five films with the most plays (then minutes, then latest watch). */
  topFilms: z.array(statsTitle),
  /** Up to twelve posters of the year's most-watched titles, films and series mixed. */
  posters: z.array(statsTitle),
  firstWatch: statsWatch.nullable(),
  lastWatch: statsWatch.nullable(),
  /** The user's five highest-rated titles watched this year (ties: TMDB average, then title). */
  highestRated: z.array(ratingPair),
  longestStreak: statsStreak.nullable(),
  busiestDay: statsBusiestDay.nullable(),
  coverage: statsCoverage,
});
export type YearInReviewView = z.infer<typeof yearInReview>;

export const statsChannels = {
  /** Every stat for the filter (default: all time, films and series). */
  'stats.overview': {
    input: statsFilter,
    output: statsOverview,
  },
  /** The years with dated plays, newest first. */
  'stats.years': {
    input: noInput,
    output: z.object({ years: z.array(statsYear) }),
  },
  /** One calendar year's highlights; a year without plays answers totals of zero. */
  'stats.yearInReview': {
    input: z.object({
      year: z.number().int().min(1900).max(2200),
      media: statsMedia.default('all'),
    }),
    output: yearInReview,
  },
} as const;

export const statsEvents = {
  /** Facts of watched titles were filled in: views of stats reload (debounced by the sender). */
  'stats.changed': statsCoverage,
} as const;

export type StatsChannel = keyof typeof statsChannels;
export type StatsEvent = keyof typeof statsEvents;

export const statsDomain = {
  channels: statsChannels,
  events: statsEvents,
} satisfies Domain;
