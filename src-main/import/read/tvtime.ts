import { ImportFileError, type ImportRow, type SourceRef } from '../rows';
import { cleanTitle, type Collector, type TextFile } from './collect';
import { isBlank, parseCsv } from './csv';
import {
  cellReader,
  columnsOf,
  followOf,
  goMapItems,
  isTrue,
  releaseYear,
  tvTimeDate,
  tvTimeTable,
  wholeNumber,
  TVTIME_FOLLOWS,
  type TvTimeTable,
} from './tvtime-fields';
import { ViewingMerger } from './tvtime-merge';

/** A TV Time file recognised by its header. */
export interface TvTimeFile extends TextFile {
  table: TvTimeTable;
}

export { isCredentialFile } from './tvtime-fields';

/** The TV Time table a CSV's first line names, or null (the header alone is enough to tell). */
export function tvTimeTableOf(firstLine: string): TvTimeTable | null {
  const header = firstLine.split(',').map((c) => c.replace(/^"|"$/g, ''));
  return tvTimeTable(columnsOf(header));
}

const EPISODE_TABLES: readonly TvTimeTable[] = ['tracking-v2', 'tracking', 'episodes'];

type Get = (cells: readonly string[], ...names: string[]) => string;

/** The columns each table cannot be read without (any one name of each group). */
const NEEDED: Partial<Record<TvTimeTable, string[][]>> = {
  'tracking-v2': [
    ['season_number', 's_no'],
    ['episode_number', 'ep_no'],
  ],
  tracking: [['type']],
  episodes: [['episode_season_number', 'season_number'], ['episode_number']],
  'show-rate': [['rating']],
};

/**
 * Reads a TV Time GDPR export: episode watches and rewatches from every log that holds them,
 * merged to one play per viewing; films watched and to watch; favourite and for-later series;
 * series ratings (0–5, doubled). Series and episodes carry TheTVDB ids; films only a title and a
 * release date. Dates without a zone are read in `timeZone` (UTC unless the user chose another).
 */
export function readTvTime(
  files: readonly TvTimeFile[],
  maxRows: number,
  out: Collector,
  timeZone = 'UTC',
): void {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    throw new ImportFileError(`“${timeZone.slice(0, 64)}” is not a time zone Marquee knows.`);
  }
  const episodes = new ViewingMerger();
  const films = new ViewingMerger();
  const seriesRows = new Map<string, ImportRow>();
  const addSeriesRow = (row: ImportRow): void => {
    const key = `${row.kind}:${row.ref.mediaType}:${row.ref.tvdbId ?? row.ref.title ?? ''}`;
    const earlier = seriesRows.get(key);
    // A series followed in one file and archived in another was archived.
    const archives = row.kind === 'follows' && row.state === 'archived';
    if (!earlier || (archives && earlier.kind === 'follows' && earlier.state === 'followed'))
      seriesRows.set(key, row);
  };

  for (const file of files) {
    const parsed = parseCsv(file.text, file.name, maxRows);
    out.problems.push(...parsed.problems);
    const records = parsed.records.filter((r) => !isBlank(r));
    const head = records[0];
    if (!head) continue;
    const columns = columnsOf(head.cells);
    const get = cellReader(columns);
    const lacking = (NEEDED[file.table] ?? []).filter((names) =>
      names.every((n) => !columns.includes(n)),
    );
    if (lacking.length > 0) {
      const names = lacking.map((names) => `“${names.join('” or “')}”`).join(', ');
      out.problem(
        file.name,
        head.line,
        `the file has no ${names} column (it may have been renamed), so none of its rows could be read`,
      );
      continue;
    }
    out.use(file.name);
    const ctx: FileContext = { file, get, out, timeZone, episodes, films, addSeriesRow };
    for (const record of records.slice(1)) readRecord(ctx, record.cells, record.line);
  }

  out.rows.push(...episodes.rows(), ...films.rows(), ...seriesRows.values());
  if ([...seriesRows.values()].some((r) => r.kind === 'follows'))
    out.problem(files[0]?.name ?? 'TV Time export', 0, TVTIME_FOLLOWS);
  // The zone choice is shown with the preview's notices, first.
  out.problems.unshift({
    file: files[0]?.name ?? 'TV Time export',
    line: 0,
    message: `dates without a time zone were read as ${timeZone === 'UTC' ? 'UTC' : `${timeZone} time`} (the preview can read them in another zone)`,
  });
  if (!files.some((f) => EPISODE_TABLES.includes(f.table)))
    out.problem(
      files[0]?.name ?? 'TV Time export',
      0,
      'this export holds no episode log (tracking-prod-records-v2.csv, tracking-prod-records.csv or seen_episode.csv), so no episode watches were imported',
    );
}

interface FileContext {
  file: TvTimeFile;
  get: Get;
  out: Collector;
  timeZone: string;
  episodes: ViewingMerger;
  films: ViewingMerger;
  addSeriesRow: (row: ImportRow) => void;
}

function readRecord(ctx: FileContext, cells: readonly string[], line: number): void {
  const { file, get } = ctx;
  switch (file.table) {
    case 'tracking-v2': {
      const kind = `${get(cells, 'key')} ${get(cells, 'gsi')}`.toLowerCase();
      if (/(^|\s)rewatch-episode-/.test(kind)) {
        episode(ctx, cells, line, true);
        return;
      }
      if (/(^|\s)watch-episode-/.test(kind)) {
        episode(ctx, cells, line, false);
        return;
      }
      if (/(^|\s)user-series-/.test(kind)) {
        seriesFlags(ctx, cells, line);
        return;
      }
      return;
    }
    case 'tracking': {
      const type = get(cells, 'type').toLowerCase();
      if (type === 'follow' && get(cells, 'entity_type').toLowerCase() !== 'movie') {
        seriesFlags(ctx, cells, line);
        return;
      }
      // Counters (rewatch_count, count-…) are not viewings.
      if (type !== 'watch' && type !== 'rewatch' && type !== 'towatch') return;
      const entity = get(cells, 'entity_type').toLowerCase();
      if (entity === 'movie' || (entity === '' && get(cells, 'movie_name') !== '')) {
        film(ctx, cells, line, type);
        return;
      }
      if (type === 'towatch') {
        seriesFlags(ctx, cells, line);
        return;
      }
      episode(ctx, cells, line, type === 'rewatch');
      return;
    }
    case 'episodes': {
      episode(ctx, cells, line, false);
      return;
    }
    case 'show-data':
    case 'followed':
    case 'special-status': {
      seriesFlags(ctx, cells, line);
      return;
    }
    case 'show-rate': {
      rating(ctx, cells, line);
      return;
    }
    case 'lists': {
      list(ctx, cells, line);
      return;
    }
    default:
      return;
  }
}

function dateOf(ctx: FileContext, cells: readonly string[], line: number, names: string[]) {
  const result = tvTimeDate(ctx.get(cells, ...names), ctx.timeZone);
  if (result.ok) return result.at;
  ctx.out.problem(ctx.file.name, line, `${result.message}; the viewing was kept without a date`);
  return null;
}

function seriesRef(get: Get, cells: readonly string[]): SourceRef {
  const tvdbId = wholeNumber(get(cells, 's_id', 'series_id', 'tv_show_id'));
  const title = get(cells, 'series_name', 'tv_show_name');
  return {
    mediaType: 'tv',
    ...(tvdbId === undefined ? {} : { tvdbId }),
    ...(title === '' ? {} : { title: cleanTitle(title) }),
  };
}

function episode(ctx: FileContext, cells: readonly string[], line: number, rewatch: boolean) {
  const { get } = ctx;
  const series = seriesRef(get, cells);
  const season = wholeNumber(get(cells, 'season_number', 's_no', 'episode_season_number'), 0);
  const number = wholeNumber(get(cells, 'episode_number', 'ep_no'));
  if (series.title === undefined || number === undefined) {
    ctx.out.problem(
      ctx.file.name,
      line,
      series.title === undefined
        ? 'the row names no series (TV Time leaves such rows after a bulk import), so it was skipped'
        : 'the row gives no episode number, so it was skipped',
    );
    return;
  }
  const special = isTrue(get(cells, 'is_special'));
  const seasonNo = season ?? (special ? 0 : undefined);
  if (seasonNo === undefined) {
    ctx.out.problem(ctx.file.name, line, 'the row gives no season number, so it was skipped');
    return;
  }
  const episodeId = wholeNumber(get(cells, 'ep_id', 'episode_id'));
  const ref: SourceRef = {
    ...series,
    mediaType: 'episode',
    ...(episodeId === undefined ? {} : { tvdbEpisodeId: episodeId }),
  };
  const byNumbers = `s:${series.tvdbId ?? series.title.toLowerCase()}:${seasonNo}:${number}`;
  const keys = episodeId === undefined ? [byNumbers] : [`e:${episodeId}`, byNumbers];
  const at = dateOf(ctx, cells, line, ['watch_date', 'created_at', 'updated_at']);
  ctx.episodes.add(
    keys,
    ref,
    { season: seasonNo, episode: number },
    { at, file: ctx.file.name, line },
    rewatch,
  );
}

function film(ctx: FileContext, cells: readonly string[], line: number, type: string) {
  const { get } = ctx;
  const title = get(cells, 'movie_name', 'name');
  if (title === '') {
    ctx.out.problem(ctx.file.name, line, 'the film has no name, so it was skipped');
    return;
  }
  const year = releaseYear(get(cells, 'release_date'));
  const ref: SourceRef = {
    mediaType: 'movie',
    title: cleanTitle(title),
    ...(year === undefined ? {} : { year }),
  };
  const at = dateOf(ctx, cells, line, ['watch_date', 'created_at', 'updated_at']);
  if (type === 'towatch') {
    ctx.addSeriesRow({ kind: 'watchlist', file: ctx.file.name, line, ref, addedAt: at });
    return;
  }
  const uuid = get(cells, 'uuid');
  const keys = [`n:${title.toLowerCase()}:${year ?? ''}`, ...(uuid === '' ? [] : [`u:${uuid}`])];
  ctx.films.add(keys, ref, {}, { at, file: ctx.file.name, line }, type === 'rewatch');
}

/** Favourite, for-later, followed and archived series. */
function seriesFlags(ctx: FileContext, cells: readonly string[], line: number) {
  const { get } = ctx;
  const ref = seriesRef(get, cells);
  if (ref.tvdbId === undefined && ref.title === undefined) return;
  const status = get(cells, 'status').toLowerCase();
  const at = dateOf(ctx, cells, line, ['created_at', 'followed_at', 'updated_at']);
  const base = { file: ctx.file.name, line, ref };
  if (isTrue(get(cells, 'is_favorited', 'is_favorite')) || status === 'favorite')
    ctx.addSeriesRow({ ...base, kind: 'favourites', addedAt: at });
  const forLater =
    isTrue(get(cells, 'is_for_later')) ||
    status === 'for_later' ||
    get(cells, 'type').toLowerCase() === 'towatch';
  if (forLater) ctx.addSeriesRow({ ...base, kind: 'watchlist', addedAt: at });
  const follow = followOf(ctx.file.table, get, cells);
  if (follow !== null)
    ctx.addSeriesRow({ ...base, kind: 'follows', state: follow, followedAt: at });
}

function rating(ctx: FileContext, cells: readonly string[], line: number) {
  const ref = seriesRef(ctx.get, cells);
  const text = ctx.get(cells, 'rating');
  const value = Number(text);
  if (text === '' || !Number.isFinite(value) || value < 0 || value > 5) {
    ctx.out.problem(ctx.file.name, line, `“${text.slice(0, 20)}” is not a TV Time rating (0–5)`);
    return;
  }
  if (value === 0) return; // TV Time writes 0 for "not rated".
  const rating = Math.max(1, Math.round(value * 4) / 2);
  ctx.addSeriesRow({
    kind: 'ratings',
    file: ctx.file.name,
    line,
    ref,
    rating,
    sourceRating: `${text}/5`,
    ratedAt: dateOf(ctx, cells, line, ['created_at', 'updated_at']),
  });
}

function list(ctx: FileContext, cells: readonly string[], line: number) {
  const name = ctx.get(cells, 'name') || 'a list';
  const items = goMapItems(ctx.get(cells, 'objects'));
  ctx.out.problem(
    ctx.file.name,
    line,
    items === null
      ? `the items of the list “${cleanTitle(name)}” could not be read, so it was not imported`
      : `the list “${cleanTitle(name)}” (${items.length} items) was not imported: TV Time lists name titles by TV Time's own ids`,
  );
}
