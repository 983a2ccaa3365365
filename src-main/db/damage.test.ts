import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLibrary } from '../library/store/library';
import { quickCheck } from './connection';
import { schemaProblem } from './library-check';
import { libraryMigrations } from './migrations/library';
import { openDatabase, type OpenResult } from './open';
import {
  flipByteInPage,
  flipColumnName,
  garbleHeader,
  rootPage,
  truncatePages,
} from './testing/damage';
import { garblePages, pageCount, tempDir } from './testing/db-files';

const NOW = Date.UTC(2025, 0, 2, 3, 4, 5);
const FILMS = 300;

/**
 * The classes of damage the corruption probe makes to library.db, one test each: byte flips in
 * the schema text, in pages, in an index and in the header, and a truncated file. Every one is
 * backed up first, then recovered, and no queued change is lost.
 */
describe('a damaged library at start-up', () => {
  const tmp = tempDir('marquee-damage-');
  const template = path.join(tmp.dir, 'template.db');
  let trial = 0;

  beforeAll(async () => {
    const opened = await openDatabase(template, { kind: 'library', clock: () => 1_000 });
    if (opened.status === 'unrecoverable') throw new Error(opened.reason);
    const library = createLibrary(opened.db, { clock: () => 1_000 });
    for (let id = 1; id <= FILMS; id++)
      library.applyUserChange({ type: 'watchlist', mediaType: 'movie', mediaId: id, on: true });
    opened.db
      .prepare(
        "INSERT INTO import_jobs (id, format, source_name, state, files, created_at, updated_at) VALUES ('job-1', 'letterboxd', 'export.zip', 'done', '[\"a.csv\"]', 1, 1)",
      )
      .run();
    opened.db.close();
  });
  afterAll(() => {
    tmp.cleanup();
  });

  /** A copy of the template library to damage, in its own folder. */
  const copy = (): string => {
    const dir = path.join(tmp.dir, `t${++trial}`);
    fs.mkdirSync(dir);
    const file = path.join(dir, 'library.db');
    fs.copyFileSync(template, file);
    return file;
  };

  /** Opens the damaged file and checks what every class must show: a backup, then a recovery. */
  const recovered = async (file: string): Promise<Extract<OpenResult, { status: 'recovered' }>> => {
    const damaged = fs.readFileSync(file);
    const result = await openDatabase(file, { kind: 'library', clock: () => NOW });
    expect(result.status === 'unrecoverable' ? result.reason : result.status).toBe('recovered');
    if (result.status !== 'recovered') throw new Error('not recovered');
    // The backup was made first, and the damaged original is kept beside it.
    expect(fs.existsSync(result.backup)).toBe(true);
    const kept = fs.readdirSync(path.dirname(file)).filter((f) => f.includes('.corrupt-'));
    expect(kept.map((f) => fs.readFileSync(path.join(path.dirname(file), f)))).toContainEqual(
      damaged,
    );
    expect(quickCheck(result.db)).toEqual(['ok']);
    expect(schemaProblem(result.db, libraryMigrations)).toBe('');
    return result;
  };

  const queued = (db: Database.Database): number =>
    db.prepare("SELECT count(*) FROM outbox WHERE status = 'pending'").pluck().get() as number;

  it.each([
    ['import_jobs', 'files'],
    ['play_totals', 'plays'],
    ['series_seasons', 'episode_count'],
    ['inbox', 'title'],
  ])(
    'a flipped byte in the schema text of %s (%s) passes quick_check, yet is recovered',
    async (table, column) => {
      const file = copy();
      flipColumnName(file, table, column);
      const check = new Database(file, { readonly: true });
      expect(check.pragma('quick_check', { simple: true })).toBe('ok');
      check.close();

      const result = await recovered(file);
      expect(result.reason).toMatch(new RegExp(`schema of table ${table} differs`));
      // Every row is carried over, the damaged table's too (its columns read by position).
      expect(queued(result.db)).toBe(FILMS);
      expect(result.db.prepare('SELECT files FROM import_jobs').pluck().all()).toEqual([
        '["a.csv"]',
      ]);
      result.db.close();
    },
  );

  it('damaged pages: the rows on other pages and every queued change are kept', async () => {
    const file = copy();
    // Two pages near the end (leaves of the last tables written), not a schema page.
    garblePages(file, pageCount(file) - 3, 2);

    const result = await recovered(file);
    expect(queued(result.db)).toBe(FILMS);
    result.db.close();
  });

  it('a flipped byte in an index passes quick_check, yet is found and recovered whole', async () => {
    const file = copy();
    const index = new Database(file, { readonly: true })
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'outbox' AND sql IS NOT NULL",
      )
      .pluck()
      .get() as string;
    flipByteInPage(file, rootPage(file, index));
    const check = new Database(file, { readonly: true });
    expect(check.pragma('quick_check', { simple: true })).toBe('ok');
    check.close();

    const result = await recovered(file);
    expect(queued(result.db)).toBe(FILMS);
    expect(result.db.prepare('SELECT count(*) FROM collection_entries').pluck().get()).toBe(FILMS);
    result.db.close();
  });

  it('a damaged header: the file is read with a sound header, and everything is kept', async () => {
    const file = copy();
    garbleHeader(file);

    const result = await recovered(file);
    expect(queued(result.db)).toBe(FILMS);
    result.db.close();
  });

  it('a truncated file: the pages that remain are carried over, the queue from its intents', async () => {
    const file = copy();
    truncatePages(file, Math.ceil(pageCount(file) * 0.8));

    const result = await recovered(file);
    expect(result.reason).not.toBe('');
    expect(queued(result.db)).toBeGreaterThan(0);
    result.db.close();
  });
});
