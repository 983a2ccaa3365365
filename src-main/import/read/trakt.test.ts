import { describe, expect, it } from 'vitest';
import { readImport } from './index';
import { traktIds, zipOf, like, matching } from './testing/builders';

const heat = { title: 'Heat', year: 1995, ids: traktIds(1, 949, 'tt0113277') };
const show = { title: 'Breaking Bad', year: 2008, ids: traktIds(2, 1396, 'tt0903747') };
const json = (v: unknown): string => JSON.stringify(v, null, 2);

function traktExport(): Record<string, string> {
  return {
    'watched-history-1.json': json([
      {
        id: 9,
        watched_at: '2024-03-01T20:00:00.000Z',
        action: 'watch',
        type: 'movie',
        movie: heat,
      },
      {
        id: 8,
        watched_at: '2024-02-01T21:00:00.000Z',
        action: 'scrobble',
        type: 'episode',
        episode: { season: 1, number: 2, title: 'Cat', ids: traktIds(70, null) },
        show,
      },
    ]),
    'watched-history-2.json': json([
      {
        id: 7,
        watched_at: '2024-01-01T20:00:00.000Z',
        action: 'watch',
        type: 'movie',
        movie: heat,
      },
      {
        id: 6,
        watched_at: '2023-12-01T20:00:00.000Z',
        type: 'movie',
        movie: { title: null, year: null, ids: { trakt: null, tmdb: null } },
      },
      { id: 5, watched_at: 'soon', type: 'movie', movie: heat },
    ]),
    'watched-movies.json': json([
      { plays: 2, last_watched_at: '2024-03-01T20:00:00.000Z', movie: heat },
    ]),
    'ratings-movies.json': json([
      { rated_at: '2024-03-02T10:00:00.000Z', rating: 8, type: 'movie', movie: heat },
    ]),
    'ratings-episodes.json': json([
      {
        rated_at: '2024-02-02T10:00:00.000Z',
        rating: 10,
        type: 'episode',
        episode: { season: 1, number: 2, ids: traktIds(70, null) },
        show,
      },
    ]),
    'ratings-seasons.json': json([]),
    'lists-watchlist.json': json([
      { rank: 1, listed_at: '2024-04-01T00:00:00.000Z', type: 'show', show },
      {
        rank: 2,
        listed_at: '2024-04-01T00:00:00.000Z',
        type: 'episode',
        episode: { season: 2, number: 1 },
        show,
      },
    ]),
    'lists-lists.json': json([
      {
        name: 'Heist films',
        description: 'Crews and plans',
        privacy: 'private',
        ids: { trakt: 55, slug: 'heist-films' },
      },
    ]),
    'lists-heist-films.json': json([
      { rank: 1, listed_at: '2024-01-01T00:00:00.000Z', type: 'movie', movie: heat },
      { rank: 2, type: 'person', person: { name: 'Someone' } },
    ]),
    'collection-movies.json': json([{ collected_at: '2020-01-01T00:00:00.000Z', movie: heat }]),
    'user-profile.json': json({ username: 'someone' }),
  };
}

describe('Trakt export', () => {
  it('reads split history, ratings, the watchlist and custom lists from a zip', async () => {
    const parsed = await readImport({ name: 'trakt-export.zip', bytes: zipOf(traktExport()) });
    expect(parsed.format).toBe('trakt');
    const watched = parsed.rows.filter((r) => r.kind === 'watched');
    expect(watched).toEqual([
      {
        kind: 'watched',
        file: 'watched-history-1.json',
        line: 1,
        ref: {
          mediaType: 'movie',
          tmdbId: 949,
          imdbId: 'tt0113277',
          traktId: 1,
          title: 'Heat',
          year: 1995,
        },
        watchedAt: Date.UTC(2024, 2, 1, 20),
        rewatch: true,
      },
      {
        kind: 'watched',
        file: 'watched-history-1.json',
        line: 2,
        ref: like({ mediaType: 'tv', tmdbId: 1396 }),
        watchedAt: Date.UTC(2024, 1, 1, 21),
        rewatch: false,
        season: 1,
        episode: 2,
      },
      like({ file: 'watched-history-2.json', line: 1, rewatch: false }),
    ]);
    expect(parsed.rows.filter((r) => r.kind === 'ratings')).toEqual([
      like({
        ref: like({ tmdbId: 949 }),
        rating: 8,
        sourceRating: '8/10',
      }),
      like({
        ref: like({ tmdbId: 1396 }),
        rating: 10,
        season: 1,
        episode: 2,
      }),
    ]);
    expect(parsed.rows.filter((r) => r.kind === 'watchlist')).toEqual([
      like({ ref: like({ tmdbId: 1396, mediaType: 'tv' }) }),
    ]);
    expect(parsed.rows.filter((r) => r.kind === 'lists')).toEqual([
      like({
        list: { name: 'Heist films', description: 'Crews and plans' },
        position: 1,
        ref: like({ tmdbId: 949 }),
      }),
    ]);
    expect(parsed.problems).toEqual([
      { file: 'watched-history-2.json', line: 2, message: 'the entry names no film' },
      {
        file: 'watched-history-2.json',
        line: 3,
        message: matching(/"soon" is not a date/),
      },
      {
        file: 'lists-watchlist.json',
        line: 2,
        message: 'an episode cannot be added here on TMDB (films and series only)',
      },
      {
        file: 'lists-heist-films.json',
        line: 2,
        message: 'a person is not a film, series or episode, so it is not imported',
      },
    ]);
    expect(parsed.files).not.toContain('collection-movies.json');
  });

  it('falls back to per-title totals when the export has no history', async () => {
    const files = {
      'watched-movies.json': json([
        { plays: 3, last_watched_at: '2024-03-01T20:00:00.000Z', movie: heat },
      ]),
      'watched-shows.json': json([
        {
          plays: 2,
          last_watched_at: '2024-03-01T20:00:00.000Z',
          show,
          seasons: [
            {
              number: 1,
              episodes: [
                { number: 1, plays: 2, last_watched_at: '2024-01-01T00:00:00.000Z' },
                { number: 2, plays: 1, last_watched_at: null },
              ],
            },
          ],
        },
      ]),
    };
    const parsed = await readImport({ name: 'trakt.zip', bytes: zipOf(files) });
    expect(parsed.rows).toEqual([
      like({
        kind: 'watched',
        plays: 3,
        ref: like({ tmdbId: 949 }),
      }),
      like({ season: 1, episode: 1, plays: 2, watchedAt: Date.UTC(2024, 0, 1) }),
      like({ season: 1, episode: 2, plays: 1, watchedAt: null }),
    ]);
  });

  it('refuses an export with a file over the row cap, naming the file', async () => {
    await expect(
      readImport({ name: 'trakt.zip', bytes: zipOf(traktExport()) }, { limits: { maxRows: 2 } }),
    ).rejects.toThrow(
      'watched-history-2.json has more than 2 entries, more than Marquee imports from one file.',
    );
  });

  it('reports season ratings as not importable, never rating the whole series', async () => {
    const files = {
      'ratings-shows.json': json([
        { rated_at: '2024-05-01T10:00:00.000Z', rating: 9, type: 'show', show },
      ]),
      'ratings-seasons.json': json([
        {
          rated_at: '2024-05-02T10:00:00.000Z',
          rating: 6,
          type: 'season',
          season: { number: 2, ids: { trakt: 3051, tvdb: 171641, tmdb: 3573 } },
          show,
        },
        {
          rated_at: '2024-05-03T10:00:00.000Z',
          rating: 7,
          type: 'season',
          season: { number: 3, ids: { trakt: 3052, tvdb: 171642, tmdb: 3575 } },
          show,
        },
      ]),
    };
    const parsed = await readImport({ name: 'trakt-export.zip', bytes: zipOf(files) });
    expect(parsed.rows).toEqual([
      like({ kind: 'ratings', rating: 9, ref: like({ tmdbId: 1396, mediaType: 'tv' }) }),
    ]);
    expect(parsed.problems).toEqual([
      {
        file: 'ratings-seasons.json',
        line: 0,
        message:
          '2 season ratings are not imported: TMDB rates films, series and episodes, not seasons',
      },
    ]);
  });

  it('names a custom list from the export’s list metadata, pairing its file by the list’s id', async () => {
    const files = {
      'lists-lists.json': json([
        {
          name: 'Comfort rewatches',
          description: 'For grey Sundays',
          privacy: 'private',
          share_link: 'https://trakt.tv/lists/46543854',
          type: 'personal',
          display_numbers: false,
          allow_comments: true,
          sort_by: 'rank',
          sort_how: 'asc',
          created_at: '2023-01-01T00:00:00.000Z',
          updated_at: '2024-01-01T00:00:00.000Z',
          item_count: 1,
          comment_count: 0,
          likes: 0,
          ids: { trakt: 46543854, slug: 'comfort-rewatches' },
        },
        {
          name: 'Heists',
          description: '',
          type: 'personal',
          ids: { trakt: 11, slug: 'heists' },
        },
      ]),
      'list-46543854-comfort-rewatches.json': json([
        { rank: 1, id: 1, listed_at: '2024-01-01T00:00:00.000Z', type: 'movie', movie: heat },
      ]),
    };
    const parsed = await readImport({ name: 'trakt-export.zip', bytes: zipOf(files) });
    expect(parsed.rows).toEqual([
      like({
        kind: 'lists',
        list: { name: 'Comfort rewatches', description: 'For grey Sundays' },
        position: 1,
      }),
    ]);
    expect(parsed.files).toContain('lists-lists.json');
  });
});
