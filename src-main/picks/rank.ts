import type { PickSeed, PickView } from '../../src-shared/ipc/contract/picks';
import { cutText } from '../../src-shared/text/bound';
import {
  refKey,
  type CandidateSummary,
  type Kind,
  type PicksResult,
  type RankInput,
  type TitleTraits,
  type WatchedTitle,
} from './types';

const DAY = 86_400_000;
/** A play this old counts half as much as one of today. */
const HALF_LIFE_DAYS = 365;
/** The strongest seeds the ranking starts from. */
export const MAX_SEEDS = 60;
/** Candidates whose cached details are read for their people. */
const PEOPLE_CHECKED = 80;
/** A similar title counts for less than a recommendation. */
const SIMILAR_WEIGHT = 0.6;

/** 1 for today, halving every year; a title with no dated play counts as two years old. */
export function recency(lastAt: number | null, now: number): number {
  const ageDays = lastAt === null ? 2 * HALF_LIFE_DAYS : Math.max(0, (now - lastAt) / DAY);
  return 0.5 ** (ageDays / HALF_LIFE_DAYS);
}

export const rewatched = (t: WatchedTitle): boolean =>
  t.kind === 'movie' ? t.plays > 1 : t.episodes > 0 && t.plays > t.episodes;

/**
 * How much a title of the history says about the person's taste: a rating above 5 is liking,
 * below it dislike; an unrated title watched is mild liking, a rewatch more. Recent counts more.
 */
export function affinity(t: WatchedTitle, now: number): number {
  const liking = t.rating === null ? 0.3 : (t.rating - 5) / 5;
  const rewatch = rewatched(t) ? 0.4 : 0;
  return (
    (liking + (liking > 0 || t.rating === null ? rewatch : 0)) *
    (0.35 + 0.65 * recency(t.lastAt, now))
  );
}

/** A seed's pull: titles rated highly or rewatched pull hardest; a disliked title never seeds. */
export function seedWeight(t: WatchedTitle, now: number): number {
  if (t.rating !== null && t.rating < 6) return 0;
  const strong = (t.rating !== null && t.rating >= 7) || rewatched(t);
  return Math.max(0, affinity(t, now)) * (strong ? 1.5 : 1);
}

const seedKind = (t: WatchedTitle): PickSeed['kind'] =>
  t.rating !== null && t.rating >= 6 ? 'rated' : rewatched(t) ? 'rewatched' : 'watched';

/** Genre, decade and people affinities, each scaled so the strongest liking is 1. */
export interface Taste {
  genres: Map<number, number>;
  decades: Map<number, number>;
  people: Map<number, number>;
}

function normalise(scores: Map<number, number>): Map<number, number> {
  let top = 0;
  for (const v of scores.values()) top = Math.max(top, Math.abs(v));
  if (top > 0) for (const [k, v] of scores) scores.set(k, v / top);
  return scores;
}

export function tasteOf(
  watched: readonly WatchedTitle[],
  traits: ReadonlyMap<string, TitleTraits>,
  now: number,
): Taste {
  const genres = new Map<number, number>();
  const decades = new Map<number, number>();
  const people = new Map<number, number>();
  const add = (map: Map<number, number>, key: number, w: number): void => {
    map.set(key, (map.get(key) ?? 0) + w);
  };
  for (const t of watched) {
    const trait = traits.get(refKey(t.kind, t.id));
    if (!trait) continue;
    const w = affinity(t, now);
    for (const g of trait.genres) add(genres, g, w);
    if (trait.decade !== null) add(decades, trait.decade, w);
    for (const p of trait.people) add(people, p, w);
  }
  return { genres: normalise(genres), decades: normalise(decades), people: normalise(people) };
}

/** The first year of the decade of a `YYYY…` date, or null. */
export function decadeOf(date: string | null): number | null {
  const year = /^(\d{4})-\d{2}-\d{2}$/.exec(date ?? '')?.[1];
  return year === undefined ? null : Math.floor(Number(year) / 10) * 10;
}

/** How well a candidate fits the taste, 0.5 (against it) to 2 (all it likes). */
export function fit(c: CandidateSummary, taste: Taste, people: readonly number[] | null): number {
  const mean = (values: number[]): number =>
    values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
  const genre = mean(c.genres.map((g) => taste.genres.get(g) ?? 0));
  const decade = taste.decades.get(decadeOf(c.date) ?? -1) ?? 0;
  const liked = (people ?? []).map((p) => taste.people.get(p) ?? 0).filter((v) => v !== 0);
  const person = liked.length === 0 ? 0 : Math.max(...liked);
  return Math.min(2, Math.max(0.5, 1 + 0.5 * genre + 0.2 * decade + 0.3 * person));
}

/** TMDB's average counted by how many voted: a 9 from three votes is no 9. */
function quality(c: CandidateSummary): number {
  const votes = c.voteCount ?? 0;
  const avg = c.voteAverage ?? 6;
  const shrunk = (avg * votes + 6.5 * 50) / (votes + 50);
  return 0.7 + 0.05 * Math.min(10, Math.max(0, shrunk));
}

const dateOf = (date: string | null): string | null =>
  date !== null && /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(Date.parse(date))
    ? date
    : null;

const nameOf = (kind: Kind, title: string | null): string => {
  const clean = title?.trim() ?? '';
  return clean === ''
    ? kind === 'movie'
      ? 'Untitled film'
      : 'Untitled series'
    : cutText(clean, 300);
};

export function reasonOf(seed: PickSeed | null, onServices: boolean): string {
  if (seed === null) return onServices ? 'Popular on your services' : 'Popular on TMDB';
  const verb =
    seed.kind === 'rated' ? 'rated' : seed.kind === 'rewatched' ? 'rewatched' : 'watched';
  return `Because you ${verb} ${cutText(seed.title, 200)}`;
}

function pickOf(
  c: CandidateSummary,
  score: number,
  because: PickSeed | null,
  onServices: boolean,
): PickView {
  const vote = c.voteAverage;
  return {
    mediaType: c.kind,
    id: c.id,
    title: nameOf(c.kind, c.title),
    posterPath: c.posterPath !== null && c.posterPath.length <= 300 ? c.posterPath : null,
    date: dateOf(c.date),
    voteAverage: vote !== null && Number.isFinite(vote) ? Math.min(10, Math.max(0, vote)) : null,
    voteCount:
      c.voteCount !== null && Number.isFinite(c.voteCount)
        ? Math.max(0, Math.round(c.voteCount))
        : null,
    score: Math.round(score * 1e6) / 1e6,
    because,
    reason: reasonOf(because, onServices),
  };
}

interface Scored {
  c: CandidateSummary;
  score: number;
  best: number;
  seed: WatchedTitle;
}

/**
 * The picks: candidates from the cached recommendations and similar titles of the strongest
 * seeds, each scored by the seeds that led to it (their pull, the candidate's place in TMDB's
 * list), then by how well it fits the person's genres, decades and people, and TMDB's average.
 * Watched and excluded titles never appear. With no seed or no cached list: popular titles.
 */
export function rankPicks(input: RankInput): PicksResult {
  const { now } = input;
  const watchedKeys = new Set(input.watched.map((t) => refKey(t.kind, t.id)));
  const never = (kind: Kind, id: number): boolean =>
    watchedKeys.has(refKey(kind, id)) || input.excluded.has(refKey(kind, id));
  const seeds = input.watched
    .map((t) => ({ t, w: seedWeight(t, now) }))
    .filter((s) => s.w > 0)
    .sort((a, b) => b.w - a.w || a.t.kind.localeCompare(b.t.kind) || a.t.id - b.t.id)
    .slice(0, MAX_SEEDS);

  const scored = new Map<string, Scored>();
  const waiting: PicksResult['waiting'] = [];
  for (const { t, w } of seeds) {
    const lists = input.lists(t.kind, t.id);
    if (lists === null) {
      waiting.push({ kind: t.kind, id: t.id });
      continue;
    }
    const visit = (list: readonly CandidateSummary[], weight: number): void => {
      list.forEach((c, position) => {
        if (c.adult || never(c.kind, c.id)) return;
        const gain = (w * weight) / (1 + position / 8);
        const key = refKey(c.kind, c.id);
        const kept = scored.get(key);
        if (kept === undefined) scored.set(key, { c, score: gain, best: gain, seed: t });
        else {
          kept.score += gain;
          if (gain > kept.best) Object.assign(kept, { best: gain, seed: t });
        }
      });
    };
    visit(lists.recommendations, 1);
    visit(lists.similar, SIMILAR_WEIGHT);
  }

  const base = {
    computedAt: now,
    seeds: seeds.length,
    seedsWaiting: waiting.length,
    waiting,
  };
  if (scored.size === 0) return { ...base, ...popularPicks(input, never) };

  const taste = tasteOf(input.watched, input.traits, now);
  const order = (a: { score: number; c: CandidateSummary }, b: typeof a): number =>
    b.score - a.score || a.c.kind.localeCompare(b.c.kind) || a.c.id - b.c.id;
  const first = [...scored.values()]
    .map((s) => ({ ...s, score: s.score * fit(s.c, taste, null) * quality(s.c) }))
    .sort(order);
  // The leaders' cached details name their people: they refine the order at the top.
  const refined = first.slice(0, PEOPLE_CHECKED).map((s) => {
    const people = input.peopleOf(s.c.kind, s.c.id);
    if (people === null) return s;
    return { ...s, score: (s.score / fit(s.c, taste, null)) * fit(s.c, taste, people) };
  });
  const ranked = [...refined, ...first.slice(PEOPLE_CHECKED)].sort(order);
  return {
    ...base,
    basis: 'history',
    onServices: false,
    items: ranked.slice(0, input.limit).map((s) =>
      pickOf(
        s.c,
        s.score,
        {
          mediaType: s.seed.kind,
          id: s.seed.id,
          title: nameOf(
            s.seed.kind,
            s.seed.title ?? input.nameOf?.(s.seed.kind, s.seed.id) ?? null,
          ),
          kind: seedKind(s.seed),
          rating: s.seed.rating,
        },
        false,
      ),
    ),
  };
}

function popularPicks(
  input: RankInput,
  never: (kind: Kind, id: number) => boolean,
): Pick<PicksResult, 'basis' | 'onServices' | 'items'> {
  const { items, onServices } = input.popular();
  const seen = new Set<string>();
  const out: PickView[] = [];
  items.forEach((c, position) => {
    const key = refKey(c.kind, c.id);
    if (out.length >= input.limit || c.adult || never(c.kind, c.id) || seen.has(key)) return;
    seen.add(key);
    out.push(pickOf(c, 1 / (1 + position), null, onServices));
  });
  return { basis: 'popular', onServices, items: out };
}
