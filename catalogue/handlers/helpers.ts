import type { HandlerContext } from '../handler';
import type { Account } from '../state';
import type { TitleCore } from '../data/catalogue';
import { asLanguage } from '../data/titles';
import type { Language } from '../data/words';
import { authFailed, invalidPage, invalidParameters, notFound } from '../errors';

/**
 * Parameter access that works whether the value came through the endpoint table's schema (already
 * a number or boolean) or raw from the URL (a string), so a handler behaves the same either way.
 */
export function intArg(source: Readonly<Record<string, unknown>>, name: string): number {
  const value = source[name];
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^\d{1,12}$/.test(value)) return Number(value);
  throw notFound();
}

/*
 * Query values are read from the URL itself: the endpoint table's schema has already refused bad
 * values, and reading the raw text keeps handlers independent of how a schema transforms them.
 */
export function optionalNumber(ctx: HandlerContext, name: string): number | undefined {
  const value = ctx.search.get(name);
  if (value === null || value === '') return undefined;
  const n = Number(value);
  if (!Number.isFinite(n)) throw invalidParameters(`${name} must be a number`);
  return n;
}

export function stringArg(ctx: HandlerContext, name: string): string | undefined {
  return ctx.search.get(name) ?? undefined;
}

export function boolArg(ctx: HandlerContext, name: string): boolean {
  return ctx.search.get(name) === 'true';
}

/** TMDB's page rule: 1..500, an integer; anything else is status 22. */
export function pageOf(ctx: HandlerContext): number {
  const value = ctx.search.get('page') ?? '1';
  const page = /^\d{1,6}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(page) || page < 1 || page > 500) throw invalidPage();
  return page;
}

export function languageOf(ctx: HandlerContext): Language {
  return asLanguage(stringArg(ctx, 'language'));
}

export const PAGE_SIZE = 20;

/** One page of a list; pages past the end are empty, as TMDB's are. */
export function paginate<T>(
  items: readonly T[],
  page: number,
  render: (item: T) => unknown,
): Record<string, unknown> {
  const start = (page - 1) * PAGE_SIZE;
  return {
    page,
    results: items.slice(start, start + PAGE_SIZE).map(render),
    total_pages: Math.ceil(items.length / PAGE_SIZE),
    total_results: items.length,
  };
}

export function requireAccount(ctx: HandlerContext): Account {
  if (!ctx.account) throw authFailed();
  return ctx.account;
}

/** The account in the path must be the session's own. */
export function requireOwnAccount(ctx: HandlerContext): Account {
  const account = requireAccount(ctx);
  if (ctx.params.account_id !== undefined && intArg(ctx.params, 'account_id') !== account.id)
    throw authFailed();
  return account;
}

export function bodyObject(ctx: HandlerContext): Record<string, unknown> {
  return typeof ctx.body === 'object' && ctx.body !== null && !Array.isArray(ctx.body)
    ? (ctx.body as Record<string, unknown>)
    : {};
}

export function appendList(ctx: HandlerContext): Set<string> {
  const raw = stringArg(ctx, 'append_to_response') ?? '';
  return new Set(
    raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
}

/**
 * The film or series a path names. A vanished one (messy data) is still listed elsewhere, but its
 * own endpoints answer 404 / status 34, as a title deleted from TMDB does.
 */
export function movieOf(ctx: HandlerContext): TitleCore {
  const core = ctx.data.movieById(intArg(ctx.params, 'movie_id'));
  if (!core || ctx.data.messy.is('movie', core.index, 'vanished')) throw notFound();
  return core;
}

export function seriesOf(ctx: HandlerContext): TitleCore {
  const core = ctx.data.tvById(intArg(ctx.params, 'series_id'));
  if (!core || ctx.data.messy.is('tv', core.index, 'vanished')) throw notFound();
  return core;
}
