import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalogue, type Catalogue } from '../../../catalogue';
import type { ImportRow } from '../rows';
import { readImport } from './index';

/**
 * The demo catalogue's sample exports, read by Marquee's readers and checked against what the
 * catalogue serves over HTTP, as the import's matching will see it.
 */

const NOW = Date.UTC(2026, 5, 1, 9);
let catalogue: Catalogue;

beforeAll(async () => {
  catalogue = await startCatalogue({ now: () => NOW });
});

afterAll(async () => {
  await catalogue.close();
});

async function get(path: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${catalogue.apiBase}${path}`, {
    headers: { authorization: `Bearer ${catalogue.accessToken}` },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

type Verdict = 'matched' | 'ambiguous' | 'unmatched';

interface Result {
  id: number;
  title?: string;
  name?: string;
  release_date?: string;
  first_air_date?: string;
}

/** How a row resolves against the catalogue: by TMDB id, then IMDb id, then exact title and year. */
async function resolve(row: ImportRow): Promise<Verdict> {
  const { ref } = row;
  const tv = ref.mediaType === 'tv' || ref.mediaType === 'episode';
  if (ref.tmdbId !== undefined) {
    const details = await get(`/3/${tv ? 'tv' : 'movie'}/${ref.tmdbId}`);
    if (details.status !== 200) return 'unmatched';
    expect(details.body[tv ? 'name' : 'title']).toBe(ref.title);
    if (row.kind === 'watched' && row.season !== undefined) {
      const season = await get(`/3/tv/${ref.tmdbId}/season/${row.season}`);
      const numbers = (season.body.episodes as { episode_number: number }[]).map(
        (e) => e.episode_number,
      );
      expect(numbers).toContain(row.episode);
    }
    return 'matched';
  }
  if (ref.imdbId !== undefined) {
    const found = await get(`/3/find/${ref.imdbId}?external_source=imdb_id`);
    const hits = [
      ...(found.body.movie_results as Result[]),
      ...(found.body.tv_results as Result[]),
    ];
    if (hits.length === 1) {
      expect(hits[0]?.title ?? hits[0]?.name).toBe(ref.title);
      return 'matched';
    }
  }
  if (ref.title === undefined) return 'unmatched';
  const search = await get(
    `/3/search/${tv ? 'tv' : 'movie'}?query=${encodeURIComponent(ref.title)}`,
  );
  const same = (search.body.results as Result[]).filter(
    (r) => (r.title ?? r.name)?.toLowerCase() === ref.title?.toLowerCase(),
  );
  const yearOf = (r: Result): number =>
    Number((r.release_date ?? r.first_air_date ?? '').slice(0, 4));
  if (ref.year === undefined)
    return same.length === 1 ? 'matched' : same.length > 1 ? 'ambiguous' : 'unmatched';
  const exact = same.filter((r) => yearOf(r) === ref.year);
  if (exact.length === 1) return 'matched';
  if (exact.length > 1) return 'ambiguous';
  // Exports and TMDB often disagree on a year by one (festival premiere against release).
  return same.some((r) => Math.abs(yearOf(r) - (ref.year ?? 0)) === 1) ? 'ambiguous' : 'unmatched';
}

describe('demo sample exports', () => {
  it('are offered as a Letterboxd zip, an IMDb CSV, Trakt, TV Time and Simkl zips, the same for the same catalogue', async () => {
    const samples = catalogue.samples();
    expect(samples.map((s) => [s.id, s.format, s.fileName])).toEqual([
      ['letterboxd-demo', 'letterboxd', 'letterboxd-marquee-demo-export.zip'],
      ['imdb-demo', 'imdb', 'imdb-ratings.csv'],
      ['trakt-demo', 'trakt', 'trakt-marquee-demo-export.zip'],
      ['tvtime-demo', 'tvtime', 'tv-time-personal-data.zip'],
      ['simkl-demo', 'simkl', 'simkl-backup.zip'],
    ]);
    const again = await startCatalogue({ now: () => NOW });
    try {
      expect(again.samples().map((s) => s.bytes)).toEqual(samples.map((s) => s.bytes));
    } finally {
      await again.close();
    }
  });

  it.each(['letterboxd-demo', 'imdb-demo', 'trakt-demo'])(
    '%s reads cleanly and its rows refer to titles the catalogue serves, with a few ambiguous and unmatched',
    async (id) => {
      const sample = catalogue.samples().find((s) => s.id === id);
      if (!sample) throw new Error(`no sample ${id}`);
      const parsed = await readImport({ name: sample.fileName, bytes: sample.bytes });
      expect(parsed.format).toBe(sample.format);
      const counts: Record<Verdict, number> = { matched: 0, ambiguous: 0, unmatched: 0 };
      const titled = parsed.rows.filter((r) => r.ref.mediaType !== 'episode');
      for (const row of titled) counts[await resolve(row)] += 1;
      expect(counts.matched).toBeGreaterThanOrEqual(15);
      expect(counts.ambiguous).toBeGreaterThanOrEqual(1);
      expect(counts.unmatched).toBeGreaterThanOrEqual(1);
      expect(counts.ambiguous + counts.unmatched).toBeLessThanOrEqual(5);
      // Every kind the format carries is present, and the deliberately odd rows are reported, not lost.
      const kinds = new Set(parsed.rows.map((r) => r.kind));
      if (sample.format === 'letterboxd') {
        expect([...kinds].sort()).toEqual([
          'favourites',
          'lists',
          'ratings',
          'watched',
          'watchlist',
        ]);
        expect(parsed.rows.filter((r) => r.kind === 'watched' && r.rewatch)).toHaveLength(2);
        expect(parsed.problems).toEqual([]);
        expect(parsed.files).not.toContain('deleted/diary.csv');
      } else if (sample.format === 'imdb') {
        expect([...kinds]).toEqual(['ratings']);
        expect(parsed.rows.some((r) => r.ref.mediaType === 'tv')).toBe(true);
        expect(parsed.problems.map((p) => p.message)).toEqual([
          'a Video Game is not a film or a series, so it is not imported',
        ]);
      } else {
        expect([...kinds].sort()).toEqual(['lists', 'ratings', 'watched', 'watchlist']);
        expect(parsed.files.filter((f) => f.startsWith('watched-history-')).length).toBeGreaterThan(
          1,
        );
        expect(
          parsed.rows.filter((r) => r.kind === 'watched' && r.season !== undefined).length,
        ).toBeGreaterThan(5);
        expect(parsed.problems).toEqual([]);
      }
    },
  );
});

describe('demo sample exports of a clean catalogue', () => {
  it('still parse and still hold an unmatched row', async () => {
    const clean = await startCatalogue({ titles: 300, messy: false, now: () => NOW });
    try {
      for (const sample of clean.samples()) {
        const parsed = await readImport({ name: sample.fileName, bytes: sample.bytes });
        expect(parsed.format).toBe(sample.format);
        expect(parsed.rows.length).toBeGreaterThan(10);
      }
    } finally {
      await clean.close();
    }
  });
});
