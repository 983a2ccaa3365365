import type Database from 'better-sqlite3';
import type { TitleRecord, PersonRecord } from '../records';

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
