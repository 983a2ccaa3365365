import type { Handler, HandlerContext } from '../handler';
import type { TitleCore } from '../data/catalogue';
import { movieSummary, personSummary, tvSummary } from '../data/summaries';
import { offeredBy } from '../data/extras';
import { invalidParameters, notFound } from '../errors';
import { boolArg, languageOf, optionalNumber, pageOf, paginate, stringArg } from './helpers';

type Predicate = (core: TitleCore) => boolean;

/** TMDB's list syntax: `28,12` means all of them, `28|12` any of them. */
export function idListPredicate(
  raw: string,
  has: (core: TitleCore, id: number) => boolean,
  name: string,
): Predicate {
  const any = raw.includes('|');
  const ids = raw.split(any ? '|' : ',').map((s) => s.trim());
  if (ids.some((s) => !/^\d+$/.test(s)))
    throw invalidParameters(`${name} must be ids separated by , or |`);
  const numbers = ids.map(Number);
  return any ? (c) => numbers.some((id) => has(c, id)) : (c) => numbers.every((id) => has(c, id));
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function dateArg(ctx: HandlerContext, name: string): string | undefined {
  const value = stringArg(ctx, name);
  if (value === undefined || value === '') return undefined;
  if (!DATE.test(value)) throw invalidParameters(`${name} must be a YYYY-MM-DD date`);
  return value;
}

const SORTS: Readonly<Record<string, (a: TitleCore, b: TitleCore) => number>> = {
  popularity: (a, b) => a.popularity - b.popularity,
  vote_average: (a, b) => a.voteAverage - b.voteAverage,
  vote_count: (a, b) => a.voteCount - b.voteCount,
  primary_release_date: (a, b) => a.date.localeCompare(b.date),
  title: (a, b) => a.title.localeCompare(b.title),
  original_title: (a, b) => a.title.localeCompare(b.title),
  revenue: (a, b) => a.revenue - b.revenue,
};

function sorter(raw: string | undefined): (a: TitleCore, b: TitleCore) => number {
  const m = /^([a-z_]+)\.(asc|desc)$/.exec(raw ?? 'popularity.desc');
  const compare = m?.[1] ? SORTS[m[1]] : undefined;
  if (!m || !compare) throw invalidParameters('sort_by is not a valid sort');
  const direction = m[2] === 'asc' ? 1 : -1;
  return (a, b) => direction * compare(a, b) || a.id - b.id;
}

/** The filters of discover movie that Marquee offers. */
function filters(ctx: HandlerContext): Predicate[] {
  const out: Predicate[] = [];
  if (!boolArg(ctx, 'include_adult')) out.push((c) => !c.adult);
  const genres = stringArg(ctx, 'with_genres');
  if (genres) out.push(idListPredicate(genres, (c, id) => c.genreIds.includes(id), 'with_genres'));
  const without = stringArg(ctx, 'without_genres');
  if (without) {
    const excluded = idListPredicate(
      without.replace(/,/g, '|'),
      (c, id) => c.genreIds.includes(id),
      'without_genres',
    );
    out.push((c) => !excluded(c));
  }
  const gte = dateArg(ctx, 'primary_release_date.gte') ?? dateArg(ctx, 'release_date.gte');
  if (gte) out.push((c) => c.date >= gte);
  const lte = dateArg(ctx, 'primary_release_date.lte') ?? dateArg(ctx, 'release_date.lte');
  if (lte) out.push((c) => c.date <= lte);
  const year = optionalNumber(ctx, 'primary_release_year') ?? optionalNumber(ctx, 'year');
  if (year !== undefined) out.push((c) => c.date.startsWith(`${year}-`));
  const voteMin = optionalNumber(ctx, 'vote_average.gte');
  if (voteMin !== undefined) out.push((c) => c.voteAverage >= voteMin);
  const voteMax = optionalNumber(ctx, 'vote_average.lte');
  if (voteMax !== undefined) out.push((c) => c.voteAverage <= voteMax);
  const countMin = optionalNumber(ctx, 'vote_count.gte');
  if (countMin !== undefined) out.push((c) => c.voteCount >= countMin);
  const language = stringArg(ctx, 'with_original_language');
  if (language) {
    const codes = language.split('|');
    out.push((c) => codes.includes(c.originalLanguage));
  }
  const providerList = stringArg(ctx, 'with_watch_providers');
  if (providerList) {
    const region = stringArg(ctx, 'watch_region');
    const any = idListPredicate(
      providerList,
      (c, id) => offeredBy(ctx.data, c, [id], region),
      'with_watch_providers',
    );
    out.push(any);
  }
  return out;
}

/** TMDB's trending windows; anything else is a 404 as on TMDB. */
function windowOf(ctx: HandlerContext): 'trendDay' | 'trendWeek' {
  const window = ctx.params.time_window;
  if (window === 'day') return 'trendDay';
  if (window === 'week') return 'trendWeek';
  throw notFound();
}

/** Discover and trending: the `discover` group of the endpoint table. */
export const discoverHandlers: Record<string, Handler> = {
  'GET /3/discover/movie': (ctx) => {
    const page = pageOf(ctx);
    const language = languageOf(ctx);
    const predicates = filters(ctx);
    const list = ctx.data.movies
      .filter((c) => predicates.every((p) => p(c)))
      .sort(sorter(stringArg(ctx, 'sort_by')));
    return paginate(list, page, (c) => movieSummary(ctx.data, c, language, false));
  },
  'GET /3/trending/tv/{time_window}': (ctx) => {
    const language = languageOf(ctx);
    const list = ctx.data.sortedBy('tv', windowOf(ctx)).filter((c) => !c.adult);
    return paginate(list, pageOf(ctx), (c) => tvSummary(ctx.data, c, language, true));
  },
  'GET /3/trending/movie/{time_window}': (ctx) => {
    const language = languageOf(ctx);
    const list = ctx.data.sortedBy('movie', windowOf(ctx)).filter((c) => !c.adult);
    return paginate(list, pageOf(ctx), (c) => movieSummary(ctx.data, c, language, true));
  },
  'GET /3/trending/person/{time_window}': (ctx) => {
    const language = languageOf(ctx);
    const key = windowOf(ctx);
    // People trend with their popularity; the day window reshuffles it by a daily factor.
    const people = [...ctx.data.popularPeople()].slice(0, 2000);
    const factor = (id: number): number =>
      key === 'trendDay' ? ((id * 2654435761) >>> 0) / 4294967296 + 0.5 : 1;
    people.sort((a, b) => b.popularity * factor(b.id) - a.popularity * factor(a.id) || a.id - b.id);
    return paginate(people, pageOf(ctx), (p) => personSummary(ctx.data, p, language, true));
  },
};
