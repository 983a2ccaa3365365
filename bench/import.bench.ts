/**
 * Import benchmarks:
 * - matching 10,000 rows (title and year, as a Letterboxd diary names them) against a warm local
 *   cache, with TMDB unreachable so every answer must come from the cache: p50/p95 of the whole
 *   run against the 2 s goal;
 * - analysing a 2,000-row diary against the local catalogue with a cold cache through a whole
 *   core at the client's default rate limit: wall time against the rate-limit floor (requests the
 *   catalogue counted ÷ requests per second), goal within 10%.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startCatalogue, type TitleCore } from '../catalogue';
import { createLocalSearch } from '../src-main/cache/store/search';
import { createLocalTitles } from '../src-main/cache/store/titles';
import { createTitleNames } from '../src-main/cache/store/title-names';
import { readTmdbConfig } from '../src-main/core/config';
import { createCore } from '../src-main/core/core';
import { openDatabase } from '../src-main/db/open';
import { matchSources } from '../src-main/import/match-sources';
import { createMatcher } from '../src-main/import/match';
import type { SourceRef } from '../src-main/import/rows';
import { DEFAULTS } from '../src-main/tmdb/table-client';
import { percentile, round, type BenchResult } from './stats';
import { seedCache } from './seed-cache';

const MATCH_ROWS = 10_000;
const IMPORT_ROWS = Number(process.env.MARQUEE_BENCH_IMPORT_ROWS ?? 2_000);

const refOf = (t: TitleCore): SourceRef => ({
  title: t.title,
  year: Number(t.date.slice(0, 4)),
  mediaType: t.kind,
});

async function matchBench(dir: string): Promise<BenchResult[]> {
  const catalogue = await startCatalogue({ titles: 12_000, messy: false });
  try {
    await seedCache(dir, catalogue.data);
    const titles = [...catalogue.data.movies, ...catalogue.data.tv].slice(0, MATCH_ROWS);
    const opened = await openDatabase(path.join(dir, 'cache.db'), { kind: 'cache' });
    if (opened.status === 'unrecoverable') throw new Error(opened.reason);
    const { db } = opened;
    try {
      let remote = 0;
      const offline = (): Promise<never> => {
        remote += 1;
        return Promise.reject(Object.assign(new Error('offline'), { code: 'offline' }));
      };
      const deps = {
        read: offline as never,
        localSearch: createLocalSearch(db),
        titles: createLocalTitles(db),
        titleNames: createTitleNames(db),
      };
      const refs = titles.map(refOf);
      const runs: number[] = [];
      let matched = 0;
      for (let run = 0; run < 6; run++) {
        remote = 0;
        // A fresh matcher each run: nothing is shared between runs but the cache itself.
        const start = performance.now();
        const matcher = createMatcher(matchSources(deps));
        const results = await Promise.all(refs.map((r) => matcher.match(r)));
        const ms = performance.now() - start;
        if (run > 0) runs.push(ms);
        matched = results.filter((r) => r.state === 'matched').length;
      }
      return [
        {
          name: `import: match ${MATCH_ROWS} rows, warm cache, p50`,
          unit: 'ms',
          value: percentile(runs, 50),
          budget: 2_000,
          note: `${matched} matched from the cache; ${remote} lookups wanted TMDB (answered offline)`,
        },
        {
          name: `import: match ${MATCH_ROWS} rows, warm cache, p95`,
          unit: 'ms',
          value: percentile(runs, 95),
          budget: 2_000,
        },
      ];
    } finally {
      db.close();
    }
  } finally {
    await catalogue.close();
  }
}

const csvField = (v: string): string => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

async function importBench(dir: string): Promise<BenchResult[]> {
  const catalogue = await startCatalogue({ titles: 6_000, messy: false });
  const core = createCore({
    dataDir: dir,
    app: { name: 'Marquee', version: '0.0.0-bench', platform: process.platform },
    tmdb: {
      ...readTmdbConfig({
        TMDB_API_BASE: catalogue.apiBase,
        TMDB_IMAGE_BASE: catalogue.imageBase,
        TMDB_ACCESS_TOKEN: catalogue.accessToken,
      }),
      demo: true,
    },
  });
  try {
    await core.ready;
    const films = catalogue.data.movies.slice(0, IMPORT_ROWS);
    const lines = films.map((f, i) =>
      [
        '2024-01-01',
        csvField(f.title),
        f.date.slice(0, 4),
        `https://boxd.it/b${i.toString(36)}`,
        '',
        '',
        '',
        '2024-01-01',
      ].join(','),
    );
    const diary = `Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date\n${lines.join('\n')}\n`;
    const staged = await core.imports.stageBytes('diary.csv', new TextEncoder().encode(diary));
    catalogue.requests.reset();
    const start = performance.now();
    const analysed = await core.dispatch(
      'import.analyse',
      { sourceId: staged.sourceId },
      {
        trusted: true,
        origin: 'bench',
      },
    );
    if (!analysed.ok) throw new Error(analysed.error.message);
    const { jobId } = analysed.value as { jobId: string };
    let counts = '';
    for (;;) {
      const job = await core.dispatch('import.job', { jobId }, { trusted: true, origin: 'bench' });
      if (!job.ok) throw new Error(job.error.message);
      const view = job.value as {
        state: string;
        counts: { watched: { matched: number; review: number; unmatched: number } };
      };
      if (view.state !== 'analysing') {
        const w = view.counts.watched;
        counts = `${w.matched} matched, ${w.review} review, ${w.unmatched} unmatched`;
        break;
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    const analysedSeconds = (performance.now() - start) / 1000;
    // Then the viewings go into the history: the whole import, as a user makes it.
    const applied = await core.dispatch(
      'import.apply',
      {
        jobId,
        targets: {
          watched: true,
          ratings: false,
          watchlist: false,
          favourites: false,
          lists: false,
        },
      },
      { trusted: true, origin: 'bench' },
    );
    if (!applied.ok) throw new Error(applied.error.message);
    let added = 0;
    for (;;) {
      const job = await core.dispatch('import.job', { jobId }, { trusted: true, origin: 'bench' });
      if (!job.ok) throw new Error(job.error.message);
      const view = job.value as { state: string; result?: { watched: { added: number } } | null };
      if (view.state === 'done') {
        added = view.result?.watched.added ?? 0;
        break;
      }
      if (view.state !== 'applying' && view.state !== 'ready')
        throw new Error(`the bench import ended ${view.state}`);
      await new Promise((r) => setTimeout(r, 25));
    }
    const seconds = (performance.now() - start) / 1000;
    const requests = catalogue.requests.total;
    const floor = requests / DEFAULTS.ratePerSecond;
    return [
      {
        name: `import: analyse ${IMPORT_ROWS} rows, cold cache, requests`,
        unit: 'requests',
        value: requests,
        budget: null,
        note: counts,
      },
      {
        name: `import: ${IMPORT_ROWS} rows, cold cache, analyse + apply to history, wall time`,
        unit: 's',
        value: seconds,
        budget: round(floor * 1.1, 2),
        ratio: seconds / floor,
        peer: `rate-limit floor ${round(floor, 2)} s (${requests} requests at ${DEFAULTS.ratePerSecond}/s)`,
        note: `analysis ${round(analysedSeconds, 2)} s, then ${added} viewings added to the history`,
      },
    ];
  } finally {
    await core.close();
    await catalogue.close();
  }
}

export async function runImportBenchmarks(): Promise<BenchResult[]> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-bench-import-'));
  try {
    const matchDir = path.join(root, 'match');
    const importDir = path.join(root, 'import');
    fs.mkdirSync(matchDir);
    fs.mkdirSync(importDir);
    return [...(await matchBench(matchDir)), ...(await importBench(importDir))];
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}
