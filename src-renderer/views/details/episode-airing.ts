import { calendarDay } from '../../../src-shared/dates';
import { formatDate } from '../../lib/format';

/** What the series page says of an episode's air date, and what it offers for it. */
export interface EpisodeAiring {
  /** The day it airs or aired; null when TMDB gives none, or a date that names no day. */
  airDate: string | null;
  /** Aired by `today`: it can be marked watched ("Watched", "Watched up to here"). */
  aired: boolean;
  /** The date in the episode's facts line. */
  fact: string;
  /** What stands in for the watch buttons until it airs. */
  unaired: string;
}

/**
 * One reading of an episode's `air_date`, as main's tracking reads it (calendarDay): a date that
 * names no day (`2023-13-45`) is unknown, so the episode is not aired yet and shows no other day.
 * `today` is the user's `YYYY-MM-DD`.
 */
export function episodeAiring(raw: string | null | undefined, today: string): EpisodeAiring {
  const airDate = calendarDay(raw);
  const shown = formatDate(airDate);
  return {
    airDate,
    aired: airDate !== null && airDate <= today,
    fact: shown ?? 'Air date not announced',
    unaired: shown ? `Airs ${shown}` : 'Not aired yet',
  };
}
