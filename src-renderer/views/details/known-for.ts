import type { PersonDetails } from '../../../src-shared/tmdb/schemas/personDetails';

type Credit = NonNullable<PersonDetails['combined_credits']>['cast'][number];

export interface KnownForItem {
  mediaType: 'movie' | 'tv';
  id: number;
  title: string;
  date: string;
  posterPath: string | null;
  /** "as Ellen Ripley" or "Director"; several roles joined. */
  roles: string[];
  popularity: number;
  voteCount: number;
  voteAverage: number;
}

/**
 * What a person is known for: their films and series from combined credits, one entry per title
 * (a director who also acted is one entry with both roles), most popular first and, at equal
 * popularity, the most voted.
 */
export function knownFor(credits: PersonDetails['combined_credits'], limit = 24): KnownForItem[] {
  if (!credits) return [];
  const byKey = new Map<string, KnownForItem>();
  const add = (credit: Credit, role: string | null): void => {
    const key = `${credit.media_type}:${credit.id}`;
    const existing = byKey.get(key);
    if (existing) {
      if (role && !existing.roles.includes(role)) existing.roles.push(role);
      return;
    }
    byKey.set(key, {
      mediaType: credit.media_type,
      id: credit.id,
      title: credit.media_type === 'movie' ? credit.title : credit.name,
      date: credit.media_type === 'movie' ? credit.release_date : credit.first_air_date,
      posterPath: credit.poster_path,
      roles: role ? [role] : [],
      popularity: credit.popularity,
      voteCount: credit.vote_count,
      voteAverage: credit.vote_average,
    });
  };
  for (const credit of credits.cast)
    add(credit, credit.character?.trim() ? `as ${credit.character.trim()}` : null);
  for (const credit of credits.crew) add(credit, credit.job ?? credit.department ?? null);
  return [...byKey.values()]
    .sort((a, b) => b.popularity - a.popularity || b.voteCount - a.voteCount)
    .slice(0, limit);
}
