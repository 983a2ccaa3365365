import { ImportFileError, type ImportRow, type SourceRef } from '../rows';
import { Collector, baseName, cleanTitle } from './collect';
import { parseTimestamp } from './dates';
import { formatCount } from './limits';
import { isObj, listFor, listMetas, num, str, type JsonFile, type Obj } from './trakt-lists';

/**
 * Trakt's export (Settings → Data → Export): a zip of JSON files, recognised by their content.
 * - watched-history[-N].json: one entry per play → watched rows (a later play of the same title
 *   or episode is a rewatch). When there is no history, watched-movies/-shows.json (per-title
 *   totals with the last play's date) are used instead.
 * - ratings-{movies,shows,episodes}.json (1–10) → ratings. TMDB has no season ratings, so
 *   ratings-seasons.json is reported as not importable (never applied to the whole series).
 * - lists-watchlist.json → watchlist; lists-favorites.json → favourites; lists-lists.json names
 *   and describes the custom lists, each in a file of its own → list items. A list's file is
 *   paired with its metadata by the list's Trakt id (or slug) in the file's name: how exports name
 *   those files varies, so the name itself never names the list.
 * Ids carry the TMDB id where Trakt knows it; any id may be missing or null. Episodes are matched
 * by their show plus season and number. Collection, hidden, comments and the like are not read.
 */

export type { JsonFile } from './trakt-lists';

const TRAKT_KEYS = [
  'watched_at',
  'last_watched_at',
  'rated_at',
  'listed_at',
  'collected_at',
  'hidden_at',
];
const TRAKT_NAME =
  /^(watched|ratings|lists|collection|hidden|comments|likes|notes|favorites|watchlist)(-|\.json$)/;

/** True for a JSON file of a Trakt export: an array of Trakt items (or an empty one so named). */
export function isTraktJson(name: string, data: unknown): boolean {
  if (!Array.isArray(data)) return false;
  const first: unknown = data.find(isObj);
  if (first === undefined) return TRAKT_NAME.test(baseName(name));
  if (!isObj(first)) return false;
  if (TRAKT_KEYS.some((k) => k in first)) return true;
  const ids = (o: unknown): boolean => isObj(o) && isObj(o.ids) && 'trakt' in o.ids;
  return ids(first) || ids(first.movie) || ids(first.show);
}

type Role =
  'history' | 'totals' | 'ratings' | 'watchlist' | 'favourites' | 'listMeta' | 'list' | 'skip';

function roleOf(file: JsonFile): Role {
  const items = file.data as unknown[];
  const first = items.find(isObj);
  const base = baseName(file.name);
  if (first === undefined) return 'skip';
  if ('watched_at' in first) return 'history';
  if ('plays' in first && ('last_watched_at' in first || 'seasons' in first)) return 'totals';
  if ('rated_at' in first || ('rating' in first && 'type' in first)) return 'ratings';
  if ('listed_at' in first) {
    if (base.includes('watchlist')) return 'watchlist';
    if (base.includes('favorite') || base.includes('favourite')) return 'favourites';
    return 'list';
  }
  // A list's metadata: Trakt gives it a `type` too ("personal"), never an item's type.
  const itemType = ['movie', 'show', 'season', 'episode', 'person'].includes(String(first.type));
  if ('name' in first && isObj(first.ids) && ('slug' in first.ids || 'trakt' in first.ids))
    return itemType ? 'skip' : 'listMeta';
  return 'skip';
}

function refOf(item: unknown, mediaType: 'movie' | 'tv'): SourceRef | null {
  if (!isObj(item)) return null;
  const ids = isObj(item.ids) ? item.ids : {};
  const title = str(item.title);
  const year = num(item.year);
  const imdb = str(ids.imdb);
  const ref: SourceRef = {
    mediaType,
    ...(num(ids.tmdb) === undefined ? {} : { tmdbId: num(ids.tmdb) }),
    ...(imdb !== undefined && /^tt\d+$/.test(imdb) ? { imdbId: imdb } : {}),
    ...(num(ids.tvdb) === undefined ? {} : { tvdbId: num(ids.tvdb) }),
    ...(num(ids.trakt) === undefined ? {} : { traktId: num(ids.trakt) }),
    ...(title === undefined ? {} : { title: cleanTitle(title) }),
    ...(year === undefined ? {} : { year }),
  };
  const known = ref.tmdbId ?? ref.imdbId ?? ref.tvdbId ?? ref.traktId ?? ref.title;
  return known === undefined ? null : ref;
}

/** The film or series an item is about, with season and episode numbers for episodes. */
interface Target {
  ref: SourceRef;
  season?: number;
  episode?: number;
}

function targetOf(item: Obj, allow: 'titles' | 'any'): Target | string {
  const type =
    str(item.type) ??
    (item.movie
      ? 'movie'
      : item.episode
        ? 'episode'
        : item.season
          ? 'season'
          : item.show
            ? 'show'
            : undefined);
  if (type === 'movie') {
    const ref = refOf(item.movie, 'movie');
    return ref ? { ref } : 'the entry names no film';
  }
  if (type === 'show') {
    const ref = refOf(item.show, 'tv');
    return ref ? { ref } : 'the entry names no show';
  }
  if (type === 'season' || type === 'episode') {
    if (allow === 'titles')
      return `${type === 'episode' ? 'an' : 'a'} ${type} cannot be added here on TMDB (films and series only)`;
    const ref = refOf(item.show, 'tv');
    if (!ref) return `the ${type} names no show`;
    if (type === 'season') {
      const season = isObj(item.season) ? item.season.number : undefined;
      if (typeof season !== 'number' || !Number.isInteger(season) || season < 0)
        return 'the season has no number';
      return { ref, season };
    }
    const ep = isObj(item.episode) ? item.episode : {};
    const { season, number } = ep;
    if (
      typeof season !== 'number' ||
      !Number.isInteger(season) ||
      season < 0 ||
      num(number) === undefined
    )
      return 'the episode has no season and number';
    return { ref, season, episode: number as number };
  }
  return `${type === undefined ? 'an entry of unknown type' : /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`} is not a film, series or episode, so it is not imported`;
}

const keyOf = (t: Target): string =>
  `${t.ref.mediaType}:${t.ref.tmdbId ?? t.ref.traktId ?? t.ref.imdbId ?? `${t.ref.title ?? ''}|${t.ref.year ?? ''}`}:${t.season ?? ''}:${t.episode ?? ''}`;

function each(file: JsonFile, out: Collector, fn: (item: Obj, line: number) => void): void {
  const items = file.data as unknown[];
  out.use(file.name);
  items.forEach((item, index) => {
    if (!isObj(item)) {
      out.problem(file.name, index + 1, 'the entry is not an object');
      return;
    }
    fn(item, index + 1);
  });
}

/** `each` for entries that name a title or an episode: an entry that names none is a problem. */
function eachTarget(
  file: JsonFile,
  out: Collector,
  allow: 'titles' | 'any',
  fn: (item: Obj, line: number, target: Target) => void,
): void {
  each(file, out, (item, line) => {
    const target = targetOf(item, allow);
    if (typeof target === 'string') {
      out.problem(file.name, line, target);
      return;
    }
    fn(item, line, target);
  });
}

function when(
  file: string,
  line: number,
  value: unknown,
  out: Collector,
): number | null | undefined {
  const result = parseTimestamp(value);
  if (result.ok) return result.at;
  out.problem(file, line, result.message);
  return undefined;
}

function episodeFields(t: Target): { season?: number; episode?: number } {
  return {
    ...(t.season === undefined ? {} : { season: t.season }),
    ...(t.episode === undefined ? {} : { episode: t.episode }),
  };
}

export function readTrakt(files: readonly JsonFile[], maxRows: number, out: Collector): void {
  const tooMany = files.find((file) => (file.data as unknown[]).length > maxRows);
  if (tooMany)
    throw new ImportFileError(
      `${tooMany.name} has more than ${formatCount(maxRows)} entries, more than Marquee imports from one file.`,
    );
  const roles = files.map((file) => ({ file, role: roleOf(file) }));
  const of = (role: Role): JsonFile[] => roles.filter((r) => r.role === role).map((r) => r.file);

  // Plays, oldest first, so that the first play of a title is the viewing and later ones rewatches.
  const plays: { row: ImportRow & { kind: 'watched' }; key: string }[] = [];
  for (const file of of('history')) {
    eachTarget(file, out, 'any', (item, line, target) => {
      const watchedAt = when(file.name, line, item.watched_at, out);
      if (watchedAt === undefined) return;
      plays.push({
        key: keyOf(target),
        row: {
          kind: 'watched',
          line,
          file: file.name,
          ref: target.ref,
          watchedAt,
          rewatch: false,
          ...episodeFields(target),
        },
      });
    });
  }
  plays.sort((a, b) => (a.row.watchedAt ?? 0) - (b.row.watchedAt ?? 0));
  const seen = new Set<string>();
  for (const { row, key } of plays) {
    row.rewatch = seen.has(key);
    seen.add(key);
  }
  // Newest first, as Trakt lists them.
  for (let i = plays.length - 1; i >= 0; i--) {
    const play = plays[i];
    if (play) out.rows.push(play.row);
  }

  if (plays.length === 0) {
    for (const file of of('totals')) {
      each(file, out, (item, line) => {
        const count = num(item.plays);
        if (item.movie) {
          const ref = refOf(item.movie, 'movie');
          if (!ref) {
            out.problem(file.name, line, 'the entry names no film');
            return;
          }
          const watchedAt = when(file.name, line, item.last_watched_at, out);
          if (watchedAt === undefined) return;
          out.rows.push({
            kind: 'watched',
            line,
            file: file.name,
            ref,
            watchedAt,
            rewatch: false,
            ...(count ? { plays: count } : {}),
          });
          return;
        }
        const ref = refOf(item.show, 'tv');
        if (!ref) {
          out.problem(file.name, line, 'the entry names no film or show');
          return;
        }
        const seasons = Array.isArray(item.seasons) ? item.seasons : [];
        for (const season of seasons) {
          if (
            !isObj(season) ||
            typeof season.number !== 'number' ||
            !Array.isArray(season.episodes)
          ) {
            out.problem(file.name, line, 'a season of this show has no number or episodes');
            continue;
          }
          for (const ep of season.episodes) {
            if (!isObj(ep) || num(ep.number) === undefined) {
              out.problem(file.name, line, `an episode of season ${season.number} has no number`);
              continue;
            }
            const watchedAt = when(file.name, line, ep.last_watched_at, out);
            if (watchedAt === undefined) continue;
            const epPlays = num(ep.plays);
            out.rows.push({
              kind: 'watched',
              line,
              file: file.name,
              ref,
              watchedAt,
              rewatch: false,
              season: season.number,
              episode: ep.number as number,
              ...(epPlays ? { plays: epPlays } : {}),
            });
          }
        }
      });
    }
  }

  for (const file of of('ratings')) {
    let seasons = 0;
    eachTarget(file, out, 'any', (item, line, target) => {
      if (target.season !== undefined && target.episode === undefined) {
        seasons += 1;
        return;
      }
      const rating = item.rating;
      if (typeof rating !== 'number' || !Number.isInteger(rating) || rating < 1 || rating > 10) {
        out.problem(
          file.name,
          line,
          `${JSON.stringify(rating ?? null).slice(0, 20)} is not a rating from 1 to 10`,
        );
        return;
      }
      const ratedAt = when(file.name, line, item.rated_at, out);
      if (ratedAt === undefined) return;
      out.rows.push({
        kind: 'ratings',
        line,
        file: file.name,
        ref: target.ref,
        rating,
        sourceRating: `${rating}/10`,
        ratedAt,
        ...episodeFields(target),
      });
    });
    if (seasons > 0)
      out.problem(
        file.name,
        0,
        `${seasons === 1 ? 'a season rating is' : `${seasons} season ratings are`} not imported: TMDB rates films, series and episodes, not seasons`,
      );
  }

  for (const [role, kind] of [
    ['watchlist', 'watchlist'],
    ['favourites', 'favourites'],
  ] as const) {
    for (const file of of(role)) {
      eachTarget(file, out, 'titles', (item, line, target) => {
        const addedAt = when(file.name, line, item.listed_at, out);
        if (addedAt === undefined) return;
        out.rows.push({ kind, line, file: file.name, ref: target.ref, addedAt });
      });
    }
  }

  const metas = listMetas(of('listMeta'), out);
  const listFiles = of('list');
  for (const file of listFiles) {
    const list = listFor(file, metas, listFiles.length);
    eachTarget(file, out, 'titles', (item, line, target) => {
      const rank = num(item.rank);
      out.rows.push({
        kind: 'lists',
        line,
        file: file.name,
        ref: target.ref,
        list,
        position: rank ?? line,
      });
    });
  }
}
