/**
 * The longest main-process block while each heavy call runs on the large profile, each called
 * through the core's IPC dispatch as a window calls it: when a channel's work moves off the main
 * thread, this same code measures the new path.
 */
import fs from 'node:fs';
import type { RunningCore } from '../src-main/core/core';
import type { PlayView } from '../src-shared/ipc/contract/tracking';
import { call, untilJob } from './heavy-core';
import type { LargeProfile } from './large-profile';
import { measureStall } from './stall';
import { median, round, type BenchResult } from './stats';

/** Chrome's long task, and Marquee's budget for any one block of the main process. */
export const BLOCK_BUDGET_MS = 50;

const ALL_TARGETS = {
  watched: true,
  ratings: true,
  watchlist: true,
  favourites: true,
  lists: true,
} as const;

const size = (text: string): string => `${String(round(text.length / 1e6, 1))} MB`;

interface Measured {
  longestMs: number;
  longTasks: number;
  totalMs: number;
  note: string;
}

/** One heavy call, measured `runs` times: the longest block of all runs, the median wall time. */
async function measure(runs: number, run: () => Promise<string>): Promise<Measured> {
  const blocks: number[] = [];
  const walls: number[] = [];
  const cpus: number[] = [];
  let longTasks = 0;
  let note = '';
  for (let i = 0; i < runs; i++) {
    const cpu = process.cpuUsage();
    const m = await measureStall(run);
    const used = process.cpuUsage(cpu);
    cpus.push((used.user + used.system) / 1000);
    blocks.push(m.longestMs);
    walls.push(m.totalMs);
    longTasks = Math.max(longTasks, m.longTasks);
    note = m.result;
  }
  const list = (values: number[]): string => values.map((v) => String(round(v, 1))).join(' / ');
  const each = runs > 1 ? `; runs ${list(blocks)} ms` : '';
  return {
    longestMs: Math.max(...blocks),
    longTasks,
    totalMs: median(walls),
    // On a loaded machine wall time includes waiting for a core; CPU time is the work itself.
    note: `${note}${each}; process CPU time ${list(cpus)} ms`,
  };
}

function rows(name: string, m: Measured, budget: number | null = BLOCK_BUDGET_MS): BenchResult[] {
  return [
    {
      name: `heavy: ${name}, longest main-process block`,
      unit: 'ms',
      value: m.longestMs,
      budget,
      note: `${m.note}; ${String(m.longTasks)} long tasks (≥ 50 ms) in the worst run`,
    },
    {
      name: `heavy: ${name}, wall time`,
      unit: 'ms',
      value: m.totalMs,
      budget: null,
    },
  ];
}

/** The exports, backup, stats and look-ahead: read-only, so each is measured three times. */
export async function readOnlyCalls(core: RunningCore): Promise<BenchResult[]> {
  const out: BenchResult[] = [];
  const exportFile = async (
    kind: 'letterboxd' | 'imdbRatings' | 'listCsv',
    listId?: string,
  ): Promise<string> => {
    const file = await call(core, 'export.file', {
      kind,
      ...(listId === undefined ? {} : { listId }),
    });
    return `${String(file.text.split('\n').length - 1)} lines, ${size(file.text)}`;
  };
  out.push(...rows('Letterboxd export', await measure(3, () => exportFile('letterboxd'))));
  out.push(...rows('IMDb ratings export', await measure(3, () => exportFile('imdbRatings'))));
  const { lists } = await call(core, 'lists.all');
  const listId = lists[0]?.id ?? '9000000';
  out.push(...rows('list export (CSV)', await measure(3, () => exportFile('listCsv', listId))));
  out.push(
    ...rows(
      '.ics export (default window)',
      await measure(3, async () => {
        const ics = await call(core, 'tracking.exportIcs', {});
        return `${String(ics.text.split('BEGIN:VEVENT').length - 1)} events, ${size(ics.text)}`;
      }),
    ),
  );
  out.push(
    ...rows(
      'backup create',
      await measure(3, async () => {
        const backup = await call(core, 'backup.create');
        return `${size(backup.text)} of JSON`;
      }),
    ),
  );
  out.push(
    ...rows(
      '20 concurrent stats.overview',
      await measure(3, async () => {
        const start = performance.now();
        const overviews = Array.from({ length: 20 }, () =>
          call(core, 'stats.overview', { media: 'all' }),
        );
        // A window's small call sent while the stats are counted: how long it waits behind them.
        const info = call(core, 'app.info').then(() => performance.now() - start);
        await Promise.all(overviews);
        return `app.info sent with them answered after ${String(round(await info, 1))} ms`;
      }),
    ),
  );
  out.push(
    ...rows(
      'search look-ahead from an empty box',
      await measure(3, async () => {
        const ahead = await call(core, 'search.ahead', { text: '' });
        return `${String(Object.keys(ahead.next).length)} letters foreseen`;
      }),
    ),
  );
  return out;
}

/** Where the deep history page starts, and its size (a history view's page). */
const DEEP_PAGE_AT = 90_000;
const PAGE_SIZE = 100;

/**
 * A history page far down a twenty-year history, after the previous page's last play (the
 * channel pages by cursor only), beside the first page of the same history as its peer: a page
 * seeks to its place in the recency index, so how deep it lies should not matter.
 */
export async function historyCalls(core: RunningCore): Promise<BenchResult[]> {
  // Walk past play 90,000 the way a window does, keeping the order to check the deep page.
  const walked: PlayView[] = [];
  let page = await call(core, 'tracking.history', { limit: 1000 });
  for (;;) {
    walked.push(...page.plays);
    if (walked.length >= DEEP_PAGE_AT + PAGE_SIZE || page.next === null) break;
    page = await call(core, 'tracking.history', { limit: 1000, after: page.next });
  }
  const last = walked[DEEP_PAGE_AT - 1];
  if (!last) throw new Error(`the profile has no play ${String(DEEP_PAGE_AT)}`);
  // The previous page's last play, as a window walking the history holds it.
  const after = { watchedAt: last.watchedAt, createdAt: last.createdAt, uid: last.uid };
  const expected = walked
    .slice(DEEP_PAGE_AT, DEEP_PAGE_AT + PAGE_SIZE)
    .map((p) => p.uid)
    .join();
  const first = await measure(3, async () => {
    const one = await call(core, 'tracking.history', { limit: PAGE_SIZE });
    return `${String(one.plays.length)} plays of ${String(one.total)}`;
  });
  const deep = await measure(3, async () => {
    const one = await call(core, 'tracking.history', { limit: PAGE_SIZE, after });
    const same = one.plays.map((p) => p.uid).join() === expected;
    return `${String(one.plays.length)} plays of ${String(one.total)}, ${same ? 'the same' : 'NOT the same'} as the walk's`;
  });
  // What the History view asks next for that page: its titles, posters and episode names.
  const deepPage = walked.slice(DEEP_PAGE_AT, DEEP_PAGE_AT + PAGE_SIZE);
  const unique = (ids: number[]): number[] => [...new Set(ids)];
  const titlesQuery = {
    movieIds: unique(deepPage.filter((p) => p.mediaType === 'movie').map((p) => p.mediaId)),
    seriesIds: unique(deepPage.filter((p) => p.mediaType === 'episode').map((p) => p.mediaId)),
    episodes: deepPage
      .filter((p) => p.mediaType === 'episode')
      .map((p) => ({ seriesId: p.mediaId, season: p.season ?? 0, episode: p.episode ?? 0 })),
  };
  const titles = await measure(3, async () => {
    const answer = await call(core, 'history.titles', titlesQuery);
    const named = answer.titles.filter((t) => t.title !== null).length;
    return `${String(answer.titles.length)} titles (${String(named)} named), ${String(answer.episodes.length)} episodes`;
  });
  const [block, wall] = rows(
    `history page at play ${String(DEEP_PAGE_AT)}, after the last play`,
    deep,
  );
  if (!block || !wall) return [];
  // The peer is the first page of the same history: how deep a page lies should not matter.
  const ratio = round(deep.longestMs / Math.max(first.longestMs, 0.01), 2);
  return [
    { ...block, peer: 'history, first page', ratio },
    wall,
    ...rows('history, first page', first, null),
    ...rows(`history page at play ${String(DEEP_PAGE_AT)}: its titles (history.titles)`, titles),
  ];
}

/** Stages a file's bytes as the harness's upload does (read before), and analyses it. */
async function stageAndAnalyse(core: RunningCore, bytes: Uint8Array, name: string) {
  const staged = await core.imports.stageBytes(name, bytes);
  const { jobId } = await call(core, 'import.analyse', { sourceId: staged.sourceId });
  return untilJob(core, jobId, ['ready']);
}

/** Imports the profile's 20,000-play Trakt history: analysis, then the apply on its own. */
export async function importCalls(
  core: RunningCore,
  profile: LargeProfile,
): Promise<BenchResult[]> {
  let jobId = '';
  const bytes = fs.readFileSync(profile.traktFile);
  const analysed = await measure(1, async () => {
    const job = await stageAndAnalyse(core, bytes, 'watched-history.json');
    jobId = job.jobId;
    const w = job.counts.watched;
    return `${String(w.matched)} matched, ${String(w.review)} review, ${String(w.unmatched)} unmatched, ${String(w.alreadyPresent)} already there`;
  });
  const applied = await measure(1, async () => {
    await call(core, 'import.apply', { jobId, targets: ALL_TARGETS });
    const done = await untilJob(core, jobId, ['done']);
    return `${String(done.result?.watched.added ?? 0)} plays added`;
  });
  const rowsCount = String(profile.manifest.shape.importRows);
  return [
    ...rows(`import analysis of ${rowsCount} Trakt plays`, analysed),
    ...rows(`import apply of ${rowsCount} Trakt plays`, applied),
  ];
}

/** Restores the 200,000-play backup: staged, planned and applied, as one user action. */
export async function restoreCalls(
  core: RunningCore,
  profile: LargeProfile,
): Promise<BenchResult[]> {
  const rssBefore = process.resourceUsage().maxRSS;
  let planned = 0;
  const bytes = fs.readFileSync(profile.backupFile);
  const restored = await measure(1, async () => {
    const start = performance.now();
    const job = await stageAndAnalyse(core, bytes, 'backup.json');
    planned = performance.now() - start;
    await call(core, 'import.apply', { jobId: job.jobId, targets: ALL_TARGETS });
    const done = await untilJob(core, job.jobId, ['done']);
    return `${String(done.result?.watched.added ?? 0)} plays added; staged and planned in ${String(round(planned))} ms`;
  });
  const peak = process.resourceUsage().maxRSS;
  const plays = String(profile.manifest.shape.backupPlays);
  return [
    ...rows(`restore of a ${plays}-play backup`, restored),
    {
      name: `heavy: restore of a ${plays}-play backup, peak RSS`,
      unit: 'MB',
      value: peak / 1024,
      budget: null,
      note:
        peak > rssBefore
          ? 'the process’s peak, reached during the restore (the worker thread’s memory is the process’s too)'
          : `the process had peaked earlier (${String(round(rssBefore / 1024))} MB): the restore did not raise it`,
    },
  ];
}
