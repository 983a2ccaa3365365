import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ImportRow } from '../rows';
import { readImport } from './index';
import { csv, encode, zipOf } from './testing/builders';

const V2 = [
  'key',
  'gsi',
  's_id',
  'series_name',
  's_no',
  'ep_no',
  'ep_id',
  'created_at',
  'is_for_later',
];
const OLD = [
  'uuid',
  'type',
  'entity_type',
  'movie_name',
  'release_date',
  'watch_date',
  'series_id',
  'series_name',
  'season_number',
  'episode_number',
  'episode_id',
];
const SEEN = [
  'created_at',
  'episode_id',
  'tv_show_name',
  'episode_number',
  'episode_season_number',
];

function tvTimeExport(): Record<string, string> {
  return {
    'tracking-prod-records-v2.csv': csv(V2, [
      [
        'watch-episode-1',
        '',
        '121361',
        'Game of Thrones',
        '1',
        '1',
        '3254641',
        '2024-03-01 20:00:00',
        '',
      ],
      [
        'rewatch-episode-1',
        '',
        '121361',
        'Game of Thrones',
        '1',
        '1',
        '3254641',
        '2024-06-01 20:00:00',
        '',
      ],
      ['watch-episode-2', '', '121361', '<nil>', '1', '2', '3436411', '2024-03-02 20:00:00', ''],
      ['user-series-1', '', '81189', 'Breaking Bad', '<nil>', '<nil>', '<nil>', '<nil>', '1'],
    ]),
    // Column order differs from the other log; the same first watch a day earlier, and a film.
    'tracking-prod-records.csv': csv(OLD, [
      [
        'u1',
        'watch',
        'episode',
        '',
        '',
        '2024-02-29 20:00:00',
        '121361',
        'Game of Thrones',
        '1',
        '1',
        '3254641',
      ],
      ['u2', 'watch', 'movie', 'Heat', '1995-12-15', '1709900000', '', '', '', '', ''],
      ['u3', 'towatch', 'movie', 'Dune', '0000-00-00', '', '', '', '', '', ''],
      ['u4', 'rewatch_count', 'episode', '', '', '', '121361', 'Game of Thrones', '1', '1', ''],
    ]),
    'seen_episode.csv': csv(SEEN, [
      ['2024-03-05 10:00:00', '3254642', 'Game of Thrones', '3', '1'],
    ]),
    'user_show_special_status.csv': csv(['tv_show_id', 'status'], [['81189', 'favorite']]),
    'tv_show_rate.csv': csv(
      ['tv_show_id', 'rating'],
      [
        ['81189', '4.5'],
        ['121361', 'great'],
      ],
    ),
    'lists-prod-lists.csv': csv(
      ['name', 'type', 'objects'],
      [['Cosy', 'custom', '[map[created_at:1.6e+09 id:111 type:series] map[id:222 type:series]]']],
    ),
    'access_token.csv': 'token\nsecret\n',
  };
}

const watched = (rows: ImportRow[]) =>
  rows.filter((r): r is Extract<ImportRow, { kind: 'watched' }> => r.kind === 'watched');

describe('TV Time export', () => {
  it('merges the episode logs to one play per viewing, earliest date first', async () => {
    const parsed = await readImport({
      name: 'tv-time-personal-data.zip',
      bytes: zipOf(tvTimeExport()),
    });
    expect(parsed.format).toBe('tvtime');
    expect(parsed.files).not.toContain('access_token.csv');
    const plays = watched(parsed.rows);
    const pilot = plays.filter((p) => p.ref.tvdbEpisodeId === 3254641);
    expect(pilot.map((p) => [p.rewatch, p.watchedAt])).toEqual([
      [false, Date.UTC(2024, 1, 29, 20)],
      [true, Date.UTC(2024, 5, 1, 20)],
    ]);
    expect(pilot[0]?.ref).toMatchObject({
      mediaType: 'episode',
      tvdbId: 121361,
      title: 'Game of Thrones',
    });
    expect(pilot[0]).toMatchObject({ season: 1, episode: 1 });
    // The older per-episode file counts too.
    expect(plays.find((p) => p.ref.tvdbEpisodeId === 3254642)).toMatchObject({
      season: 1,
      episode: 3,
    });
    // A film by title and year, its epoch-second date read as such.
    expect(plays.find((p) => p.ref.mediaType === 'movie')).toMatchObject({
      ref: { title: 'Heat', year: 1995 },
      watchedAt: 1_709_900_000_000,
    });
  });

  it('reads to-watch films, favourite and for-later series and ratings (0–5 doubled)', async () => {
    const parsed = await readImport({ name: 'tv-time.zip', bytes: zipOf(tvTimeExport()) });
    const dune = parsed.rows.find((r) => r.kind === 'watchlist' && r.ref.mediaType === 'movie');
    expect(dune?.ref).toEqual({ mediaType: 'movie', title: 'Dune' });
    expect(
      parsed.rows.find((r) => r.kind === 'watchlist' && r.ref.mediaType === 'tv')?.ref,
    ).toMatchObject({ tvdbId: 81189 });
    expect(parsed.rows.find((r) => r.kind === 'favourites')?.ref).toMatchObject({ tvdbId: 81189 });
    const ratings = parsed.rows.filter((r) => r.kind === 'ratings');
    expect(ratings).toHaveLength(1);
    expect(ratings[0]).toMatchObject({ rating: 9, sourceRating: '4.5/5', ref: { tvdbId: 81189 } });
  });

  it('says per row what it skipped: a blank series name, a bad rating, a list of TV Time ids', async () => {
    const parsed = await readImport({ name: 'tv-time.zip', bytes: zipOf(tvTimeExport()) });
    const messages = parsed.problems.map((p) => `${p.file}:${p.line}: ${p.message}`);
    expect(messages).toContain(
      'tracking-prod-records-v2.csv:4: the row names no series (TV Time leaves such rows after a bulk import), so it was skipped',
    );
    expect(messages).toContain('tv_show_rate.csv:3: “great” is not a TV Time rating (0–5)');
    expect(messages.find((m) => m.startsWith('lists-prod-lists.csv:2'))).toMatch(
      /“Cosy” \(2 items\) was not imported/,
    );
    // Counters are not events, and never a problem.
    expect(messages.some((m) => m.includes('tracking-prod-records.csv:5'))).toBe(false);
  });

  it('reads zone-less dates in the zone the user chose (UTC by default)', async () => {
    const files = {
      'seen_episode.csv': csv(SEEN, [['2024-07-01 20:00:00', '9', 'Lost', '1', '1']]),
    };
    const utc = await readImport({ name: 'tv.zip', bytes: zipOf(files) });
    const paris = await readImport(
      { name: 'tv.zip', bytes: zipOf(files) },
      { timeZone: 'Europe/Paris' },
    );
    expect(watched(utc.rows)[0]?.watchedAt).toBe(Date.UTC(2024, 6, 1, 20));
    expect(watched(paris.rows)[0]?.watchedAt).toBe(Date.UTC(2024, 6, 1, 18));
    // The choice is shown first among the notices.
    expect(utc.problems[0]?.message).toBe(
      'dates without a time zone were read as UTC (the preview can read them in another zone)',
    );
    expect(paris.problems[0]?.message).toMatch(/read as Europe\/Paris time/);
    await expect(
      readImport({ name: 'tv.zip', bytes: zipOf(files) }, { timeZone: 'Mars/Olympus' }),
    ).rejects.toThrow('“Mars/Olympus” is not a time zone Marquee knows.');
  });

  it('names a renamed column and reads the other files', async () => {
    const files = tvTimeExport();
    files['seen_episode.csv'] = csv(
      ['created_at', 'episode_id', 'tv_show_name', 'ep_number', 'episode_season_number'],
      [['2024-03-05 10:00:00', '3254642', 'Game of Thrones', '3', '1']],
    );
    const parsed = await readImport({ name: 'tv.zip', bytes: zipOf(files) });
    expect(parsed.problems).toContainEqual({
      file: 'seen_episode.csv',
      line: 1,
      message:
        'the file has no “episode_number” column (it may have been renamed), so none of its rows could be read',
    });
    expect(watched(parsed.rows).length).toBeGreaterThan(0);
  });

  it('says so when the export holds no episode log at all', async () => {
    const parsed = await readImport({
      name: 'tv.zip',
      bytes: zipOf({ 'tv_show_rate.csv': csv(['tv_show_id', 'rating'], [['81189', '4']]) }),
    });
    expect(parsed.problems[1]?.message).toMatch(
      /holds no episode log .* so no episode watches were imported/,
    );
    expect(parsed.rows).toHaveLength(1);
  });

  it('keeps a viewing whose date is unreadable, without the date, and says so', async () => {
    const parsed = await readImport({
      name: 'tv.zip',
      bytes: zipOf({
        'seen_episode.csv': csv(SEEN, [['2024-02-30 10:00:00', '9', 'Lost', '1', '1']]),
      }),
    });
    expect(watched(parsed.rows)[0]?.watchedAt).toBeNull();
    expect(parsed.problems[1]?.message).toMatch(
      /"2024-02-30 10:00:00" is not a real date; the viewing was kept without a date/,
    );
  });

  it('reads the export from its folder as from its zip', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tvtime-'));
    for (const [name, text] of Object.entries(tvTimeExport()))
      writeFileSync(join(dir, name), encode(text));
    const fromFolder = await readImport({ path: dir });
    const fromZip = await readImport({ name: 'tv.zip', bytes: zipOf(tvTimeExport()) });
    // The folder is read in name order, the zip in its own: the same rows either way.
    const sorted = (rows: ImportRow[]) => rows.map((r) => JSON.stringify(r)).sort();
    expect(sorted(fromFolder.rows)).toEqual(sorted(fromZip.rows));
    expect(fromFolder.files).not.toContain('access_token.csv');
  });
});

describe('TV Time follows', () => {
  const followExport = (): Record<string, string> => ({
    'tracking-prod-records-v2.csv': csv(
      ['key', 's_id', 'series_name', 's_no', 'ep_no', 'is_followed', 'is_archived', 'followed_at'],
      [
        ['user-series-1', '81189', 'Breaking Bad', '', '', '1', '0', '2023-01-02 10:00:00'],
        ['user-series-2', '121361', 'Game of Thrones', '', '', '1', '1', '<nil>'],
        ['user-series-3', '70329', 'My Wife and Kids', '', '', '0', '0', ''],
      ],
    ),
    'tracking-prod-records.csv': csv(
      ['uuid', 'type', 'entity_type', 'series_id', 'series_name', 'movie_name'],
      [
        ['u1', 'follow', 'series', '305288', 'Stranger Things', ''],
        ['u2', 'follow', 'movie', '', '', 'Heat'],
      ],
    ),
    // Listed as followed here; archived in the newer log, which wins.
    'followed_tv_show.csv': csv(
      ['tv_show_id', 'tv_show_name', 'active', 'archived', 'created_at'],
      [
        ['121361', 'Game of Thrones', '1', '0', '2022-05-01 09:00:00'],
        ['253463', 'Black Mirror', 'true', 'false', ''],
        ['79168', 'Friends', '0', '0', ''],
        ['75760', 'How I Met Your Mother', '1', '1', ''],
      ],
    ),
  });

  it('reads followed and archived series, archived winning, and says how they land', async () => {
    const parsed = await readImport({ name: 'tv-time.zip', bytes: zipOf(followExport()) });
    const follows = parsed.rows.flatMap((r) =>
      r.kind === 'follows' ? [[r.ref.tvdbId, r.ref.mediaType, r.state]] : [],
    );
    expect(follows.sort()).toEqual(
      [
        [121361, 'tv', 'archived'],
        [253463, 'tv', 'followed'],
        [305288, 'tv', 'followed'],
        [75760, 'tv', 'archived'],
        [81189, 'tv', 'followed'],
      ].sort(),
    );
    const breaking = parsed.rows.find((r) => r.kind === 'follows' && r.ref.tvdbId === 81189);
    expect(breaking).toMatchObject({ followedAt: Date.UTC(2023, 0, 2, 10) });
    expect(parsed.problems.map((p) => p.message)).toContain(
      'TV Time follows: followed → followed in Marquee; archived (stopped watching) → not followed and hidden from Up Next (Marquee has no archive)',
    );
  });
});
