import type Database from 'better-sqlite3';
import type { TitleRecord, PersonRecord } from '../cache/records';

type TitleRow = TitleRecord & { seen_at: number };
type PersonRow = PersonRecord & { seen_at: number };

export interface LocalTitles {
  title(kind: 'movie' | 'tv', id: number): TitleRow | undefined;
  person(id: number): PersonRow | undefined;
}

/** Reads the cache's normalized titles and people: what Marquee shows about a title offline. */
export function createLocalTitles(db: Database.Database): LocalTitles {
  const title = db.prepare<[string, number], TitleRow>(
    'SELECT * FROM titles WHERE kind = ? AND id = ?',
  );
  const person = db.prepare<[number], PersonRow>('SELECT * FROM people WHERE id = ?');
  return {
    title: (kind, id) => title.get(kind, id),
    person: (id) => person.get(id),
  };
}

/** A cached title or person in the shape of a multi-search result (TMDB's own field names). */
export function asSearchResult(
  kind: 'movie' | 'tv' | 'person',
  id: number,
  local: LocalTitles,
): { item: Record<string, unknown>; seenAt: number } | undefined {
  if (kind === 'person') {
    const p = local.person(id);
    if (!p) return undefined;
    return {
      seenAt: p.seen_at,
      item: {
        media_type: 'person',
        id: p.id,
        name: p.name,
        original_name: p.original_name ?? p.name,
        adult: p.adult === 1,
        gender: p.gender ?? 0,
        known_for: [],
        known_for_department: p.known_for_department ?? '',
        popularity: p.popularity ?? 0,
        profile_path: p.profile_path,
      },
    };
  }
  const t = local.title(kind, id);
  if (!t) return undefined;
  const common = {
    id: t.id,
    adult: t.adult === 1,
    backdrop_path: t.backdrop_path,
    poster_path: t.poster_path,
    genre_ids: parseIds(t.genre_ids),
    original_language: t.original_language ?? '',
    overview: t.overview ?? '',
    popularity: t.popularity ?? 0,
    vote_average: t.vote_average ?? 0,
    vote_count: t.vote_count ?? 0,
  };
  const item =
    kind === 'movie'
      ? {
          ...common,
          media_type: 'movie',
          title: t.title,
          original_title: t.original_title ?? t.title,
          release_date: t.date ?? '',
          video: false,
        }
      : {
          ...common,
          media_type: 'tv',
          name: t.title,
          original_name: t.original_title ?? t.title,
          first_air_date: t.date ?? '',
          origin_country: [],
        };
  return { item, seenAt: t.seen_at };
}

function parseIds(text: string | null): number[] {
  if (text === null) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is number => Number.isInteger(v)) : [];
  } catch {
    return [];
  }
}
