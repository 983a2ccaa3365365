import { zipSync } from 'fflate';
import { isoDay } from '../data/days';
import { tvdbEpisodeId } from '../data/tv-details';
import type { TitleCore } from '../data/catalogue';
import { viewingDay, type SamplePicks } from './picks';

/** TV Time writes `YYYY-MM-DD HH:MM:SS` without a zone. */
const stamp = (day: number, minutes = 0): string =>
  `${isoDay(day)} ${String(20 + Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;

const field = (v: string): string => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const csv = (header: string[], rows: string[][]): string =>
  [header, ...rows].map((r) => r.map(field).join(',')).join('\n') + '\n';

const tvdb = (core: TitleCore): string => String(70_000 + core.index);

/**
 * A TV Time GDPR export zip, shaped as the real one: the new and the old tracking logs (with
 * columns in different orders), an older per-episode file repeating one watch a day earlier,
 * favourite and for-later series, a followed and an archived series, series ratings on 0–5, a list as a Go map dump, and credential
 * files an importer must never open. Hard rows: an episode numbered the TheTVDB way (its own id
 * places it), a bulk-import row without a series name, two films sharing a name with a `0000`
 * release date (ambiguous), an unknown film and an unknown series (unmatched).
 */
export function tvTimeSample(picks: SamplePicks): Uint8Array {
  const v2: string[][] = [];
  const seen: string[][] = [];
  for (const [s, { core, episodes }] of picks.series.entries()) {
    const watched = episodes.slice(0, s === 0 ? 8 : 4);
    for (const [k, ep] of watched.entries()) {
      const day = Math.min(picks.startDay - 1, ep.day + 2 + s);
      const row = (key: string, at: string): string[] => [
        `${key}-${core.index}-${ep.season}-${ep.episode}`,
        tvdb(core),
        core.title,
        String(ep.season),
        String(ep.episode),
        String(tvdbEpisodeId(core.index, ep.season, ep.episode)),
        at,
        '0',
      ];
      v2.push(row('watch-episode', stamp(day, k)));
      if (s === 0 && k === 0)
        v2.push(row('rewatch-episode', stamp(Math.min(picks.startDay - 1, day + 30))));
      if (s === 0 && k === 1)
        seen.push([
          stamp(day - 1),
          String(tvdbEpisodeId(core.index, ep.season, ep.episode)),
          core.title,
          String(ep.episode),
          String(ep.season),
        ]);
    }
    // TheTVDB numbers one episode on from the season before (absolute order): its id places it.
    const later = episodes.find((e) => e.season === 2);
    if (s === 1 && later) {
      const before = episodes.filter((e) => e.season === 1).length;
      v2.push([
        `watch-episode-${core.index}-x`,
        tvdb(core),
        core.title,
        '1',
        String(before + later.episode),
        String(tvdbEpisodeId(core.index, later.season, later.episode)),
        stamp(Math.min(picks.startDay - 1, later.day + 3)),
        '0',
      ]);
    }
  }
  const first = picks.series[0]?.core;
  // A bulk "mark as watched" leaves rows without a series name.
  if (first) v2.push(['watch-episode-bulk', tvdb(first), '<nil>', '1', '1', '<nil>', '<nil>', '0']);
  const forLater = picks.series[2]?.core ?? picks.series[0]?.core;
  if (forLater)
    v2.push([
      `user-series-${forLater.index}`,
      tvdb(forLater),
      forLater.title,
      '<nil>',
      '<nil>',
      '<nil>',
      '<nil>',
      '1',
    ]);

  const films = picks.films.slice(22, 36);
  const old: string[][] = films.map((core, k) => {
    const day = viewingDay(picks, core, k + 9);
    // Some exports write the watch date as epoch seconds.
    const when = k % 3 === 0 ? String(day * 86_400 + 20 * 3600) : stamp(day);
    return [
      k % 5 === 4 ? 'towatch' : 'watch',
      `uuid-${core.id}`,
      core.title,
      core.date,
      when,
      'movie',
      '<nil>',
    ];
  });
  if (picks.twins)
    old.push([
      'watch',
      'uuid-twin',
      picks.twins[1].title,
      '0000-00-00',
      stamp(picks.startDay - 30),
      'movie',
      '<nil>',
    ]);
  old.push([
    'watch',
    'uuid-nowhere',
    picks.invented[3] ?? '',
    '2003-04-05',
    stamp(picks.startDay - 31),
    'movie',
    '<nil>',
  ]);
  old.push(['rewatch_count', 'uuid-counter', '<nil>', '<nil>', '<nil>', 'episode', '3']);

  const rates: string[][] = first ? [[tvdb(first), '4.5', stamp(picks.startDay - 20)]] : [];
  rates.push(['69999', '3', stamp(picks.startDay - 21)]);
  const files: Record<string, string> = {
    'tracking-prod-records-v2.csv': csv(
      ['key', 's_id', 'series_name', 's_no', 'ep_no', 'ep_id', 'created_at', 'is_for_later'],
      v2,
    ),
    'tracking-prod-records.csv': csv(
      ['type', 'uuid', 'movie_name', 'release_date', 'watch_date', 'entity_type', 'count'],
      old,
    ),
    'seen_episode.csv': csv(
      ['created_at', 'episode_id', 'tv_show_name', 'episode_number', 'episode_season_number'],
      seen,
    ),
    'user_show_special_status.csv': csv(
      ['tv_show_id', 'status'],
      first ? [[tvdb(first), 'favorite']] : [],
    ),
    'tv_show_rate.csv': csv(['tv_show_id', 'rating', 'created_at'], rates),
    // The first series is followed; the second was followed, then archived (stopped watching).
    'followed_tv_show.csv': csv(
      ['tv_show_id', 'tv_show_name', 'active', 'archived', 'created_at'],
      picks.series
        .slice(0, 2)
        .map(({ core }, s) => [
          tvdb(core),
          core.title,
          '1',
          s === 1 ? '1' : '0',
          stamp(picks.startDay - 40),
        ]),
    ),
    'lists-prod-lists.csv': csv(
      ['name', 'type', 'objects'],
      [
        [
          'Weekend',
          'custom',
          first ? `[map[created_at:1.6e+09 id:${tvdb(first)} type:series]]` : '[]',
        ],
      ],
    ),
    'access_token.csv': 'access_token,refresh_token\ndemo-not-a-token,demo-not-a-token\n',
    'auth-prod-login.csv': 'email,password_hash\ndemo@example.invalid,x\n',
  };
  const entries: Record<string, Uint8Array> = {};
  for (const [name, text] of Object.entries(files)) entries[name] = new TextEncoder().encode(text);
  return zipSync(entries, { level: 6, mtime: new Date(picks.startDay * 86_400_000) });
}
