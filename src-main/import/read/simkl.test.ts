import { describe, expect, it } from 'vitest';
import type { ImportRow } from '../rows';
import { readImport } from './index';
import { encode, zipOf } from './testing/builders';

function backup(): unknown {
  return {
    shows: [
      {
        last_watched_at: '2024-10-13T22:26:53Z',
        status: 'watching',
        user_rating: 8,
        show: {
          title: 'My Wife and Kids',
          year: 2001,
          ids: { simkl: 3, imdb: 'tt0273855', tmdb: '2692', tvdb: '70329' },
        },
        seasons: [
          {
            number: 1,
            episodes: [
              { number: 1, watched_at: '2024-10-13T22:26:52Z' },
              { number: 2, watched_at: '1970-01-01T00:00:01Z' },
            ],
          },
        ],
      },
      // No seasons: completed means the whole series; on hold there is nothing to import.
      {
        status: 'completed',
        last_watched_at: '2023-01-02T03:04:05Z',
        show: { title: 'Lost', ids: { simkl_id: 9, tmdb: 4607 } },
      },
      { status: 'hold', show: { title: 'Fringe', ids: { simkl_id: 10, tvdb: 82066 } } },
    ],
    anime: [
      {
        status: 'completed',
        show: { title: 'Cowboy Bebop', year: 1998, ids: { simkl: 37089, mal: 1, tvdb: '76885' } },
        seasons: [{ number: 1, episodes: [{ number: 5, watched_at: '2022-05-01T10:00:00Z' }] }],
      },
    ],
    movies: [
      {
        status: 'plantowatch',
        movie: { title: 'Dune', year: 2021, ids: { simkl: 5, tmdb: '438631' } },
      },
      {
        status: 'completed',
        last_watched_at: '2020-01-01T20:00:00Z',
        user_rating: 11,
        movie: { title: 'Heat', year: 1995, ids: { tmdb: 949 } },
      },
      { status: 'completed', movie: { ids: {} } },
    ],
  };
}

const json = (v: unknown): Uint8Array => encode(JSON.stringify(v));

describe('Simkl backup', () => {
  it('reads shows, anime and films with per-episode dates, ids as strings or numbers', async () => {
    const parsed = await readImport({ name: 'SimklBackup.json', bytes: json(backup()) });
    expect(parsed.format).toBe('simkl');
    const watched = parsed.rows.filter(
      (r): r is Extract<ImportRow, { kind: 'watched' }> => r.kind === 'watched',
    );
    expect(watched[0]).toMatchObject({
      ref: { mediaType: 'episode', tmdbId: 2692, tvdbId: 70329, imdbId: 'tt0273855' },
      season: 1,
      episode: 1,
      watchedAt: Date.UTC(2024, 9, 13, 22, 26, 52),
    });
    expect(watched.find((r) => r.ref.title === 'Lost')).toMatchObject({
      ref: { mediaType: 'tv', tmdbId: 4607 },
      watchedAt: Date.UTC(2023, 0, 2, 3, 4, 5),
    });
    expect(watched.find((r) => r.ref.title === 'Cowboy Bebop')).toMatchObject({
      ref: { tvdbId: 76885 },
      season: 1,
      episode: 5,
    });
    expect(watched.find((r) => r.ref.title === 'Heat')).toMatchObject({
      ref: { mediaType: 'movie', tmdbId: 949 },
    });
    expect(parsed.rows.find((r) => r.kind === 'watchlist')?.ref).toMatchObject({
      title: 'Dune',
      tmdbId: 438631,
    });
    expect(parsed.rows.filter((r) => r.kind === 'ratings').map((r) => r.ref.title)).toEqual([
      'My Wife and Kids',
    ]);
  });

  it('keeps a 1970 placeholder date as an undated viewing and says why, per row', async () => {
    const parsed = await readImport({ name: 'SimklBackup.json', bytes: json(backup()) });
    const second = parsed.rows.find((r) => r.kind === 'watched' && r.episode === 2);
    expect(second).toMatchObject({ watchedAt: null });
    const messages = parsed.problems.map((p) => `${p.line}: ${p.message}`);
    expect(messages).toContain(
      "1: 1970-01-01T00:00:01Z is Simkl's placeholder for an unknown date; the viewing was kept without a date",
    );
    expect(messages).toContain(
      '3: Simkl kept no episodes for “Fringe” (hold), so no watches were imported',
    );
    expect(messages).toContain('6: “11” is not a Simkl rating (1–10)');
    expect(messages).toContain('7: this film has no title and no id, so it was skipped');
  });

  it('shows how statuses land in Marquee', async () => {
    const parsed = await readImport({ name: 'SimklBackup.json', bytes: json(backup()) });
    expect(parsed.problems[0]).toMatchObject({ file: 'SimklBackup.json', line: 0 });
    expect(parsed.problems[0]?.message).toMatch(
      /plantowatch → watchlist; completed and watching → watch history; hold and dropped/,
    );
  });

  it('reads the backup inside its zip', async () => {
    const parsed = await readImport({
      name: 'simkl.zip',
      bytes: zipOf({ 'SimklBackup.json': JSON.stringify(backup()) }),
    });
    expect(parsed.format).toBe('simkl');
    expect(parsed.rows.length).toBeGreaterThan(5);
  });

  it('refuses a backup over the size limit with a clear message, and reads one under it', async () => {
    const big = {
      ...(backup() as object),
      movies: Array.from({ length: 2_000 }, (_, i) => ({
        status: 'plantowatch',
        movie: { title: `Film ${i}`, ids: { tmdb: String(i + 1) } },
      })),
    };
    const bytes = json(big);
    await expect(
      readImport(
        { name: 'SimklBackup.json', bytes },
        { limits: { maxInputBytes: bytes.length - 1 } },
      ),
    ).rejects.toThrow(/SimklBackup\.json is .* over Marquee's limit/);
    const parsed = await readImport({ name: 'SimklBackup.json', bytes });
    expect(parsed.rows.filter((r) => r.kind === 'watchlist')).toHaveLength(2_000);
  });

  it('reads a 50 MB backup (within the limits) to the last episode', async () => {
    // 520 series of 2,000 dated episodes: over 50 MB of JSON, as a long-time user's backup.
    const episode = (n: number): string => `{"number":${n},"watched_at":"2024-01-01T10:00:00Z"}`;
    const episodes = Array.from({ length: 2_000 }, (_, i) => episode(i + 1)).join(',');
    const show = (i: number): string =>
      `{"status":"watching","show":{"title":"Series ${i}","ids":{"simkl":${i},"tmdb":"${i + 1}"}},"seasons":[{"number":1,"episodes":[${episodes}]}]}`;
    const text = `{"shows":[${Array.from({ length: 520 }, (_, i) => show(i)).join(',')}],"movies":[]}`;
    expect(text.length).toBeGreaterThan(50 * 1024 * 1024);
    const parsed = await readImport({ name: 'SimklBackup.json', bytes: encode(text) });
    expect(parsed.rows).toHaveLength(1_040_000);
    expect(parsed.rows.at(-1)).toMatchObject({ ref: { tmdbId: 520 }, episode: 2_000 });
  });
});
