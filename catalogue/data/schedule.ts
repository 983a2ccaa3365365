import type { Catalogue, TitleCore } from './catalogue';
import { dayFromIso, isoDay } from './days';
import { mix, type Rng } from './prng';

/**
 * When each series' episodes air, laid out around the catalogue's start day (its clock's day when
 * it was built), so the same seed and start day give the same schedule and a later start shifts
 * every date by the same amount. Episodes air weekly; a season's dates come from its start day.
 *
 * A series has a role, fixed by seed and index (never by the clock):
 * - airing: a season is running: an episode aired in the last 7 days and the next airs within 7.
 * - between: returning, its last season ended 3 to 30 weeks ago, nothing announced.
 * - announced: as between, with a next season whose premiere is dated 10 to 120 days ahead.
 * - tba: as between, with a next season whose episodes have no air date yet (`air_date: null`).
 * - ended, canceled: every episode aired at least two weeks before the start; most long ago.
 * - planned: the premiere (first_air_date) is after the start.
 * Some series also have season 0 "Specials" (one maybe undated), and a few skip an episode number
 * in season 1, as real TMDB data does.
 */
export type SeriesRole =
  'airing' | 'between' | 'announced' | 'tba' | 'ended' | 'canceled' | 'planned';

export interface EpisodeSlot {
  readonly number: number;
  /** `YYYY-MM-DD`, or null where TMDB has no date yet. */
  readonly airDate: string | null;
}

export interface SeasonShape {
  readonly seasonNumber: number;
  /** The first episode's date, or null when none is dated. */
  readonly airDate: string | null;
  readonly episodes: readonly EpisodeSlot[];
  readonly episodeCount: number;
}

export interface Schedule {
  readonly role: SeriesRole;
  /** Season 0 (Specials) first when the series has one, then seasons 1, 2, ... */
  readonly seasons: readonly SeasonShape[];
}

/** Series indexes that are always airing, so every catalogue has some, and the demo account. */
export const FORCED_AIRING: readonly number[] = [2, 5, 8, 11, 14];
const ROLE_STREAM = 77;
const WEEK = 7;
/** Enough days between season starts for a 12-episode weekly season to finish first. */
const SEASON_GAP = 84;
const YEAR = 365;

type DrawnRole = Exclude<SeriesRole, 'planned'>;

/** The role a series' hash gives it, before its premiere date is considered. */
export function drawnRole(seed: number, index: number): DrawnRole {
  if (FORCED_AIRING.includes(index)) return 'airing';
  const u = mix(seed, 2, index, ROLE_STREAM) / 4294967296;
  if (u < 0.12) return 'airing';
  if (u < 0.27) return 'between';
  if (u < 0.33) return 'announced';
  if (u < 0.37) return 'tba';
  if (u < 0.47) return 'canceled';
  return 'ended';
}

/**
 * The role once the premiere is known (`premiereDaysAgo` = start day − first_air_date): a future
 * premiere is planned, and a role that needs more history than the series has becomes airing.
 */
export function roleOf(seed: number, index: number, premiereDaysAgo: number): SeriesRole {
  const drawn = drawnRole(seed, index);
  if (premiereDaysAgo < 0) return 'planned';
  if ((drawn === 'ended' || drawn === 'canceled') && premiereDaysAgo < 60) return 'airing';
  if ((drawn === 'between' || drawn === 'announced' || drawn === 'tba') && premiereDaysAgo < 120)
    return 'airing';
  return drawn;
}

export function seriesRole(data: Catalogue, core: TitleCore): SeriesRole {
  return roleOf(data.seed, core.index, data.anchorDay - dayFromIso(core.date));
}

/** A season as laid out: its first day (null: undated) and episode count. */
interface Block {
  readonly start: number | null;
  readonly count: number;
}

/** Seasons before the one starting on `until`, spread evenly from the premiere, yearly if room. */
function earlierSeasons(premiere: number, until: number, rng: Rng): Block[] {
  const span = until - premiere;
  const count = Math.max(1, Math.min(5, Math.round(span / YEAR), Math.floor(span / SEASON_GAP)));
  return Array.from({ length: count }, (_, j) => ({
    start: premiere + Math.round((j * span) / count),
    count: rng.int(6, 12),
  }));
}

/**
 * The regular seasons of a role. Seasons stay at most 7 and episode numbers at most 25, which
 * keeps the ids of tv-details.ts (`season * 25 + episode` within a series) from colliding.
 */
function regularBlocks(role: SeriesRole, premiere: number, start: number, rng: Rng): Block[] {
  const age = start - premiere;
  if (role === 'planned') return [{ start: premiere, count: rng.int(6, 10) }];
  if (role === 'ended' || role === 'canceled') {
    const wanted = role === 'canceled' ? rng.int(1, 2) : rng.int(1, 6);
    // Seasons a year apart, the last one finished two weeks before the start at the latest.
    const room = Math.floor((age - 14 - 11 * WEEK) / YEAR) + 1;
    if (room < 1)
      return [
        { start: premiere, count: Math.min(rng.int(6, 12), Math.floor((age - 14) / WEEK) + 1) },
      ];
    return Array.from({ length: Math.min(wanted, room) }, (_, s) => ({
      start: premiere + s * YEAR,
      count: rng.int(6, 12),
    }));
  }
  if (role === 'airing') {
    const aired = rng.int(2, 8);
    const sinceLast = rng.int(1, 6);
    const current = start - sinceLast - WEEK * (aired - 1);
    if (current - premiere < SEASON_GAP) {
      // A young series: its first season is the one airing, weekly from the premiere.
      return [{ start: premiere, count: Math.floor(age / WEEK) + 1 + rng.int(1, 4) }];
    }
    return [
      ...earlierSeasons(premiere, current, rng),
      { start: current, count: aired + rng.int(1, 6) },
    ];
  }
  // between, announced, tba: the last season ended 3 to 30 weeks ago.
  const lastEpisode = start - rng.int(21, Math.min(200, age - 80));
  const count = rng.int(6, 12);
  const last = lastEpisode - WEEK * (count - 1);
  const blocks =
    last - premiere < SEASON_GAP
      ? [{ start: premiere, count: Math.floor((lastEpisode - premiere) / WEEK) + 1 }]
      : [...earlierSeasons(premiere, last, rng), { start: last, count }];
  if (role === 'announced') blocks.push({ start: start + rng.int(10, 120), count: rng.int(6, 10) });
  if (role === 'tba') blocks.push({ start: null, count: rng.int(6, 10) });
  return blocks;
}

function season(seasonNumber: number, episodes: EpisodeSlot[]): SeasonShape {
  return {
    seasonNumber,
    airDate: episodes.find((e) => e.airDate !== null)?.airDate ?? null,
    episodes,
    episodeCount: episodes.length,
  };
}

/** Weekly episodes of a block; `skip` leaves one episode number out (TMDB has such gaps). */
function slots(block: Block, skip: number | undefined): EpisodeSlot[] {
  return Array.from({ length: block.count }, (_, i) => ({
    number: skip !== undefined && i + 1 >= skip ? i + 2 : i + 1,
    airDate: block.start === null ? null : isoDay(block.start + i * WEEK),
  }));
}

/** Specials between the premiere and a week before the start; one may be undated. */
function specials(premiere: number, start: number, rng: Rng): EpisodeSlot[] {
  const count = rng.int(1, 3);
  const first = premiere + 20;
  const span = start - WEEK - first;
  const out: EpisodeSlot[] = Array.from({ length: count }, (_, j) => ({
    number: j + 1,
    airDate: isoDay(first + Math.floor(((j + 1) * span) / (count + 1))),
  }));
  if (rng.chance(0.4)) out.push({ number: count + 1, airDate: null });
  return out;
}

/** The series' seasons and episode dates (independent of the clock's current time). */
export function scheduleOf(data: Catalogue, core: TitleCore): Schedule {
  const premiere = dayFromIso(core.date);
  const start = data.anchorDay;
  const role = roleOf(data.seed, core.index, start - premiere);
  const rng = data.rng(2, core.index, 71);
  const blocks = regularBlocks(role, premiere, start, rng);
  const hasSpecials = rng.chance(0.3) && role !== 'planned' && start - premiere >= 60;
  const gapped = rng.chance(0.08) && role !== 'planned' && (blocks[0]?.count ?? 0) >= 5;
  const skip = gapped ? rng.int(2, (blocks[0]?.count ?? 5) - 1) : undefined;
  const seasons = blocks.map((block, i) => season(i + 1, slots(block, i === 0 ? skip : undefined)));
  if (hasSpecials) seasons.unshift(season(0, specials(premiere, start, rng)));
  return { role, seasons };
}

export interface AiredEpisode {
  readonly season: SeasonShape;
  readonly slot: EpisodeSlot;
}

export interface AiringState {
  /** The latest regular episode dated on or before today. */
  readonly last: AiredEpisode | undefined;
  /** The earliest regular episode dated after today. */
  readonly next: AiredEpisode | undefined;
  /** TMDB's status: Returning Series, In Production, Ended or Canceled. */
  readonly status: string;
  readonly inProduction: boolean;
}

/** Where a schedule stands on `today` (the clock's day, `YYYY-MM-DD`). */
export function airingState(schedule: Schedule, today: string): AiringState {
  let last: AiredEpisode | undefined;
  let next: AiredEpisode | undefined;
  for (const s of schedule.seasons) {
    if (s.seasonNumber === 0) continue;
    for (const slot of s.episodes) {
      if (slot.airDate === null) continue;
      if (slot.airDate <= today) {
        if (!last?.slot.airDate || slot.airDate >= last.slot.airDate) last = { season: s, slot };
      } else if (!next?.slot.airDate || slot.airDate < next.slot.airDate) {
        next = { season: s, slot };
      }
    }
  }
  const status = !last
    ? 'In Production'
    : next
      ? 'Returning Series'
      : schedule.role === 'ended'
        ? 'Ended'
        : schedule.role === 'canceled'
          ? 'Canceled'
          : 'Returning Series';
  return {
    last,
    next,
    status,
    inProduction: status === 'Returning Series' || status === 'In Production',
  };
}
