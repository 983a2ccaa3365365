import type { ContentRating } from '../../../src-shared/tmdb/schemas/appended';
import type { MovieDetails } from '../../../src-shared/tmdb/schemas/movieDetails';
import { formatDate, regionName, releaseTypeName } from '../../lib/format';

type CountryReleases = NonNullable<MovieDetails['release_dates']>['results'][number];

export interface ReleaseRow {
  type: string;
  date: string;
  certification: string | null;
  note: string | null;
}

export interface CountryRow {
  code: string;
  country: string;
  /** The user's own region, shown first. */
  own: boolean;
  releases: ReleaseRow[];
}

/**
 * A film's releases by country: the user's region first, then the rest by name; within a country,
 * in date order. Empty certifications and notes are dropped rather than shown as blanks.
 */
export function releasesByCountry(
  results: readonly CountryReleases[],
  region: string | null,
): CountryRow[] {
  return results
    .filter((entry) => entry.release_dates.length > 0)
    .map((entry) => ({
      code: entry.iso_3166_1,
      country: regionName(entry.iso_3166_1),
      own: entry.iso_3166_1 === region,
      releases: [...entry.release_dates]
        .sort((a, b) => a.release_date.localeCompare(b.release_date))
        .map((r) => ({
          type: releaseTypeName(r.type),
          date: formatDate(r.release_date) ?? r.release_date,
          certification: r.certification.trim() || null,
          note: r.note?.trim() || null,
        })),
    }))
    .sort((a, b) => Number(b.own) - Number(a.own) || a.country.localeCompare(b.country));
}

/** Ratings are short labels ("PG-13", "TV-MA", "MA15+"); anything longer is not one. */
const MAX_RATING = 16;

/** A certification or rating as shown beside a title, or null when empty or not a rating. */
function ratingLabel(raw: string): string | null {
  const label = raw.trim();
  return label && label.length <= MAX_RATING ? label : null;
}

/**
 * The certification to show beside a film's title: the user's region's first non-empty one, else
 * the United States' (TMDB's most complete), else none.
 */
export function certificationOf(
  results: readonly CountryReleases[],
  region: string | null,
): string | null {
  const pick = (code: string | null): string | null =>
    results
      .find((entry) => entry.iso_3166_1 === code)
      ?.release_dates.map((r) => r.certification)
      .map(ratingLabel)
      .find(Boolean) ?? null;
  return pick(region) ?? pick('US');
}

/**
 * The rating to show beside a series' title: the user's region's if it has one, else the United
 * States' (TMDB's most complete), else none. Empty ratings count as none.
 */
export function contentRatingOf(
  results: readonly ContentRating[],
  region: string | null,
): string | null {
  const pick = (code: string | null): string | null =>
    results
      .filter((entry) => entry.iso_3166_1 === code)
      .map((entry) => ratingLabel(entry.rating))
      .find(Boolean) ?? null;
  return pick(region) ?? pick('US');
}
