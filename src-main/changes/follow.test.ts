import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate';
import { libraryMigrations } from '../db/migrations/library';
import { createChangePath, type ChangePath } from './change-path';
import { createChangeStore } from './store/changes';
import type { Change } from './types';

/*
 * Two connections write one change log (the main process and the worker): the one that follows
 * the other announces the other's committed changes once, in order, never its own twice, and the
 * two clocks keep one order although both stand still.
 */
describe('following another connection’s changes', () => {
  const NOW = Date.UTC(2026, 0, 2, 3, 4, 5);
  let dir: string;
  let mainDb: Database.Database;
  let otherDb: Database.Database;
  let main: ChangePath;
  let other: ChangePath;
  let heard: Change[];

  const note = (on: ChangePath, text: string): Change =>
    on.write(() =>
      on.record({ domain: 'tracking', kind: 'note.add', entity: `note:${text}`, data: { text } }),
    );

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-follow-'));
    const file = path.join(dir, 'library.sqlite');
    mainDb = new Database(file);
    mainDb.pragma('journal_mode = WAL');
    migrate(mainDb, libraryMigrations);
    otherDb = new Database(file);
    main = createChangePath({ store: createChangeStore(mainDb), clock: () => NOW });
    other = createChangePath({ store: createChangeStore(otherDb), clock: () => NOW, shared: true });
    heard = [];
    main.onCommitted((change) => heard.push(change));
    // The main process has written before: its clock is in memory.
    note(main, 'before');
    heard.length = 0;
  });
  afterEach(() => {
    mainDb.close();
    otherDb.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('announces the other connection’s changes once each, in order, page by page', async () => {
    const follow = main.follow();
    const theirs: string[] = [];
    for (let i = 0; i < 450; i++) {
      theirs.push(note(other, `w${String(i)}`).id);
      if (i === 200) note(main, 'mine');
    }
    // Only this connection's own change was heard while the other wrote.
    expect(heard.map((c) => c.entity)).toEqual(['note:mine']);
    await expect(follow.announce()).resolves.toBe(450);
    expect(heard.slice(1).map((c) => c.id)).toEqual(theirs);
    // A second announce tells nothing again.
    await expect(follow.announce()).resolves.toBe(0);
    expect(heard).toHaveLength(451);
  });

  it('announces each part as it is committed when asked to catch up, and the rest at the end', async () => {
    const follow = main.follow();
    const first = [note(other, 'a').id, note(other, 'b').id];
    // Two catch-ups asked at once: the second finds nothing the first did not announce.
    const [one, two] = await Promise.all([follow.catchUp(), follow.catchUp()]);
    expect([one, two]).toEqual([2, 0]);
    expect(heard.map((c) => c.id)).toEqual(first);
    const mine = note(main, 'mine');
    const last = note(other, 'c').id;
    await expect(follow.announce()).resolves.toBe(1);
    expect(heard.map((c) => c.id)).toEqual([...first, mine.id, last]);
    await expect(follow.catchUp()).resolves.toBe(0);
  });

  it('holds the write lock from a write’s start: the other connection’s commit waits, the read-then-write never fails', () => {
    otherDb.pragma('busy_timeout = 0');
    const mine = main.write(() => {
      // The write reads first (as a chunk of an import does), then the other connection tries to
      // commit in between: it must wait for this write rather than make its write fail.
      mainDb.prepare('SELECT count(*) FROM changes').pluck().get();
      expect(() => note(other, 'between')).toThrow(/busy|locked/i);
      return note(main, 'after the read');
    });
    expect(mine.entity).toBe('note:after the read');
    expect(note(other, 'later').entity).toBe('note:later');
  });

  it('keeps one order of clocks between the two writers', async () => {
    const follow = main.follow();
    const a = note(other, 'a');
    const b = note(main, 'b');
    const c = note(other, 'c');
    await follow.announce();
    const d = note(main, 'd');
    const order = [a, b, c, d].map((x) => x.hlc);
    expect([...order].sort()).toEqual(order);
    expect(new Set(order).size).toBe(4);
  });
});
