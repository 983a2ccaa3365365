import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalogue, type Catalogue } from '../../catalogue';
import type { ChannelInput } from '../../src-shared/ipc/contract';
import type { ChannelName } from '../../src-shared/ipc/channels';
import { startTestCore, type TestCore } from '../core/testing/core';
import { memoryStore } from '../credentials';
import type { JobRun } from './runner';
import { buildWorker, type BuiltWorker } from './testing/build-worker';

/**
 * The channels moved onto the worker answer exactly what the main process answered before, on
 * the same library at the same moment; and they are answered in the worker, never on main.
 */
const FIXED = Date.parse('2026-01-15T12:00:00Z');

type Call = { [C in ChannelName]: [C, ChannelInput<C>] }[ChannelName];

let built: BuiltWorker;
let catalogue: Catalogue;
let dataDir: string;
const credentials = memoryStore('test');
const ran: JobRun[] = [];
let calls: Call[] = [];

const start = (worker: boolean): Promise<TestCore> =>
  startTestCore({
    useCatalogue: catalogue,
    dataDir,
    core: {
      credentials,
      ...(worker ? { worker: { entry: built.file, observe: (r: JobRun) => ran.push(r) } } : {}),
    },
  });

/** Every heavy channel's answer or error, as data, each asked at the same fixed moment. */
async function answers(t: TestCore): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const [channel, input] of calls) {
    t.clock.now = FIXED;
    const result = await t.call(channel, input);
    out.push(result.ok ? result.value : result.error);
  }
  return out;
}

/** `coverage.filling` says whether the background fill runs at that instant, in either process. */
const settled = (values: unknown[]): unknown[] =>
  values.map((v) =>
    typeof v === 'object' && v !== null && 'coverage' in v
      ? { ...v, coverage: { ...(v.coverage as object), filling: false } }
      : v,
  );

beforeAll(async () => {
  built = await buildWorker(path.join(import.meta.dirname, 'entry.ts'));
  catalogue = await startCatalogue({ titles: 200, messy: false, demoHistory: true });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-heavy-'));
});
afterAll(async () => {
  await catalogue.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  built.remove();
});

describe('heavy channels on the worker', () => {
  it('answer what the main process answers, from the worker thread', async () => {
    // A library with history, every watched title's facts, ratings, a list and followed series.
    const seed = await start(false);
    await seed.signIn();
    const history = catalogue.demoHistory?.plays ?? [];
    expect(history.length).toBeGreaterThan(50);
    const filled = new Promise<void>((resolve) => {
      const off = seed.core.events.on('stats.changed', (coverage) => {
        if (coverage.filling || coverage.missing > 0) return;
        off();
        resolve();
      });
    });
    await seed.core.seedHistory(history);
    await filled;
    const films = catalogue.data.movies.slice(0, 6);
    for (const film of films) await seed.value('movie.details', { id: film.id });
    await seed.value('library.rate', {
      target: { mediaType: 'movie', mediaId: films[0]?.id ?? 0 },
      value: 7.5,
    });
    const { list } = await seed.value('lists.create', { name: 'Best, "ever"', description: '' });
    for (const film of films.slice(1, 4))
      await seed.value('lists.addItem', { listId: list.id, movieId: film.id });
    await seed.value('tracking.refresh', {});
    const latest = (await seed.value('stats.years')).years[0]?.year ?? 2025;
    calls = [
      ['stats.overview', { media: 'all' }],
      ['stats.overview', { media: 'movie', from: `${latest - 1}-01-01`, to: `${latest}-06-30` }],
      ['stats.years', {}],
      ['stats.yearInReview', { year: latest, media: 'all' }],
      ['export.file', { kind: 'letterboxd' }],
      ['export.file', { kind: 'imdbRatings' }],
      ['export.file', { kind: 'listCsv', listId: list.id }],
      ['export.file', { kind: 'listJson', listId: list.id }],
      ['tracking.exportIcs', {}],
      ['tracking.exportIcs', { from: `${latest - 1}-01-01`, to: `${latest}-12-31` }],
      ['backup.create', {}],
      // Errors cross with their codes and words.
      ['export.file', { kind: 'listCsv', listId: 'no-such-list' }],
      ['export.file', { kind: 'listJson' }],
      ['tracking.exportIcs', { from: '2025-01-02', to: '2025-01-01' }],
    ];
    await seed.close();

    // The same library, the same moment: once with the worker, once without.
    const worker = await start(true);
    const fromWorker = await answers(worker);
    await worker.close();

    const main = await start(false);
    const fromMain = await answers(main);
    await main.close();

    expect(settled(fromWorker)).toEqual(settled(fromMain));
    // The answers hold something: a comparison of empty files would prove nothing.
    expect(fromWorker[0]).toMatchObject({ totals: { plays: history.length } });
    const text = (i: number): string => (fromWorker[i] as { text: string }).text;
    expect(text(4).split('\r\n').length).toBeGreaterThan(50);
    expect(text(6).split('\r\n')).toHaveLength(5);
    expect(JSON.parse(text(7))).toMatchObject({ name: 'Best, "ever"' });
    expect(text(9)).toContain('BEGIN:VEVENT');
    expect(JSON.parse(text(10))).toMatchObject({ format: 'marquee-backup' });
    expect(fromWorker.slice(11).map((e) => (e as { code: string }).code)).toEqual([
      'not_found',
      'invalid_input',
      'invalid_input',
    ]);

    // Every heavy call ran in the worker thread; none on the main thread.
    expect(ran.map((r) => r.kind)).toEqual(calls.slice(0, 11).map(([channel]) => channel));
    expect(ran.every((r) => !r.isMainThread && r.threadId > 0)).toBe(true);
  });

  it('stay on the main thread, and say so once, when the worker script is missing', async () => {
    const t = await startTestCore({
      useCatalogue: catalogue,
      core: { worker: { entry: path.join(dataDir, 'no-such-worker.js') } },
    });
    try {
      await expect(t.value('stats.overview', {})).resolves.toMatchObject({ totals: { plays: 0 } });
      expect(t.log.lines.filter((line) => line.includes('worker.missing'))).toHaveLength(1);
    } finally {
      await t.close();
    }
  });

  it('see every write the main process commits, at the next call', async () => {
    const t = await startTestCore({
      useCatalogue: catalogue,
      core: { worker: { entry: built.file } },
    });
    try {
      const [a, b] = catalogue.data.movies;
      const plays = async (): Promise<number> => (await t.value('stats.overview', {})).totals.plays;
      expect(await plays()).toBe(0);
      await t.value('tracking.mark', {
        target: { scope: 'movie', movieId: a?.id ?? 0 },
        when: { kind: 'date', date: '2024-01-02' },
      });
      expect(await plays()).toBe(1);
      await t.value('tracking.mark', {
        target: { scope: 'movie', movieId: b?.id ?? 0 },
        when: { kind: 'date', date: '2024-01-03' },
      });
      expect(await plays()).toBe(2);
      const file = await t.value('export.file', { kind: 'letterboxd' });
      expect(file.text.trim().split('\r\n')).toHaveLength(3);
    } finally {
      await t.close();
    }
  });
});
