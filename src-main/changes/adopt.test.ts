import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate';
import { libraryMigrations } from '../db/migrations/library';
import { createChangePath, type ChangePath } from './change-path';
import { createChangeStore } from './store/changes';
import type { Change, SharedChange } from './types';

/*
 * Changes made on the person's other computers: stored once each with their own identity, their
 * effect made in the same transaction, announced after commit, and the clock here moved past them.
 */
describe('adopting changes made elsewhere', () => {
  let db: Database.Database;
  let now: number;
  let ids: number;
  let path: ChangePath;
  let heard: Change[];
  let machine: string;

  const open = (fingerprint?: () => string): ChangePath =>
    createChangePath({
      store: createChangeStore(db),
      clock: () => now,
      newId: () => `id-${String((ids += 1))}`,
      ...(fingerprint ? { fingerprint } : {}),
    });
  const remote = (id: string, hlc: string, entity = `note:${id}`): SharedChange => ({
    id,
    hlc,
    device: 'other',
    domain: 'tracking',
    kind: 'note.add',
    entity,
    data: { text: id },
  });
  const notes = (): string[] =>
    db.prepare('SELECT text FROM notes ORDER BY text').pluck().all() as string[];
  const addNote = (change: Change): void => {
    db.prepare('INSERT INTO notes (text) VALUES (?)').run((change.data as { text: string }).text);
  };
  const writeLocal = (text: string): Change =>
    path.write(() =>
      path.record({ domain: 'tracking', kind: 'note.add', entity: `note:${text}`, data: { text } }),
    );

  beforeEach(() => {
    db = new Database(':memory:');
    migrate(db, libraryMigrations);
    db.exec('CREATE TABLE notes (text TEXT NOT NULL)');
    now = Date.UTC(2026, 0, 2, 3, 4, 5);
    ids = 0;
    machine = 'machine-a';
    path = open(() => machine);
    heard = [];
    path.onCommitted((change) => {
      heard.push(change);
    });
  });
  afterEach(() => {
    db.close();
  });

  it('stores each change once with its own id, clock and device, and applies it in the same write', () => {
    const a = remote('a', '1767322000000-000000');
    const b = remote('b', '1767322000001-000003');
    let heardDuring = -1;
    const adopted = path.adopt([a, b, a], (change) => {
      addNote(change);
      heardDuring = heard.length;
    });
    expect(adopted.map((c) => c.id)).toEqual(['a', 'b']);
    expect(heardDuring).toBe(0);
    expect(heard.map((c) => [c.id, c.hlc, c.device])).toEqual([
      ['a', a.hlc, 'other'],
      ['b', b.hlc, 'other'],
    ]);
    expect(notes()).toEqual(['a', 'b']);

    // The same file read again changes and announces nothing.
    expect(path.adopt([b, a], addNote)).toEqual([]);
    expect(notes()).toEqual(['a', 'b']);
    expect(heard).toHaveLength(2);
    expect(path.since(0).map((c) => c.id)).toEqual(['a', 'b']);
  });

  it('stores and announces nothing when applying one change fails', () => {
    expect(() =>
      path.adopt(
        [remote('a', '1767322000000-000000'), remote('b', '1767322000001-000000')],
        (c) => {
          addNote(c);
          if (c.id === 'b') throw new Error('refused');
        },
      ),
    ).toThrow('refused');
    expect(notes()).toEqual([]);
    expect(path.since(0)).toEqual([]);
    expect(heard).toEqual([]);
    expect(() => path.adopt([remote('c', 'yesterday')], addNote)).toThrow(/clock/);
    expect(path.since(0)).toEqual([]);
  });

  it('moves its clock past a change from a computer whose clock is ahead, and keeps it after reopening', () => {
    const future = `${String(Date.UTC(2040, 0, 1))}-000005`;
    path.adopt([remote('a', future)], addNote);
    const mine = writeLocal('after');
    expect(mine.hlc > future).toBe(true);
    expect(mine.hlc).toBe(`${String(Date.UTC(2040, 0, 1))}-000006`);
    // An older change received later does not move the clock back.
    path.adopt([remote('b', '1767322000000-000000')], addNote);
    path = open(() => machine);
    expect(writeLocal('reopened').hlc).toBe(`${String(Date.UTC(2040, 0, 1))}-000007`);
  });

  it('lists only this computer’s own changes for sharing', () => {
    const first = writeLocal('mine');
    path.adopt([remote('a', '1767322000000-000000')], addNote);
    const second = writeLocal('mine too');
    expect(path.ownSince(0).map((c) => c.id)).toEqual([first.id, second.id]);
    expect(path.ownSince(first.seq).map((c) => c.id)).toEqual([second.id]);
    expect(path.since(0)).toHaveLength(3);
  });

  it('takes a new device id in a library copied to another computer; earlier changes keep theirs', () => {
    const before = writeLocal('on the first computer');
    const device = path.device();
    expect(open(() => machine).device()).toBe(device);

    machine = 'machine-b';
    path = open(() => machine);
    const copy = path.device();
    expect(copy).not.toBe(device);
    const after = writeLocal('on the copy');
    expect(path.since(0).map((c) => [c.id, c.device])).toEqual([
      [before.id, device],
      [after.id, copy],
    ]);
    expect(path.ownSince(0).map((c) => c.id)).toEqual([after.id]);
    // The copy keeps its new id from then on.
    expect(open(() => machine).device()).toBe(copy);
  });

  it('keeps the device id of a library opened for the first time with a fingerprint', () => {
    db.close();
    db = new Database(':memory:');
    migrate(db, libraryMigrations);
    db.exec('CREATE TABLE notes (text TEXT NOT NULL)');
    path = open();
    writeLocal('before fingerprints');
    const device = path.device();
    expect(open(() => 'machine-a').device()).toBe(device);
    expect(open(() => 'machine-a').device()).toBe(device);
  });
});
