import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate';
import { libraryMigrations } from '../db/migrations/library';
import { createChangePath, type ChangePath } from './change-path';
import { createChangeStore } from './store/changes';
import type { Change } from './types';

/*
 * The change path's promise: a write's data and its change record commit together, listeners hear
 * of each change once and only after commit, and a write that rolls back leaves and says nothing.
 */
describe('the change path', () => {
  let db: Database.Database;
  let now: number;
  let ids: number;
  let path: ChangePath;
  let heard: Change[];
  let heardDuring: number[];

  const open = (): ChangePath =>
    createChangePath({
      store: createChangeStore(db),
      clock: () => now,
      newId: () => `id-${String((ids += 1))}`,
    });
  const rows = (): number =>
    (db.prepare('SELECT count(*) AS n FROM notes').get() as { n: number }).n;
  const logged = (): Array<{ id: string; kind: string }> =>
    db.prepare('SELECT id, kind FROM changes ORDER BY seq').all() as Array<{
      id: string;
      kind: string;
    }>;
  const addNote = (text: string): void => {
    db.prepare('INSERT INTO notes (text) VALUES (?)').run(text);
    path.record({ domain: 'tracking', kind: 'note.add', entity: `note:${text}`, data: { text } });
  };

  beforeEach(() => {
    db = new Database(':memory:');
    migrate(db, libraryMigrations);
    db.exec('CREATE TABLE notes (text TEXT NOT NULL)');
    now = Date.UTC(2026, 0, 2, 3, 4, 5);
    ids = 0;
    path = open();
    heard = [];
    heardDuring = [];
    path.onCommitted((change) => {
      heard.push(change);
    });
  });
  afterEach(() => {
    db.close();
  });

  it('stores the data and its record together, and announces once, after commit', () => {
    const result = path.write(() => {
      addNote('a');
      heardDuring.push(heard.length);
      return 'done';
    });
    expect(result).toBe('done');
    expect(heardDuring).toEqual([0]);
    expect(rows()).toBe(1);
    expect(logged()).toEqual([{ id: heard[0]?.id, kind: 'note.add' }]);
    expect(heard).toHaveLength(1);
    expect(heard[0]).toMatchObject({
      domain: 'tracking',
      entity: 'note:a',
      data: { text: 'a' },
      hlc: `${String(now)}-000000`,
    });
  });

  it('records and announces nothing when the write throws', () => {
    expect(() =>
      path.write(() => {
        addNote('a');
        throw new Error('refused');
      }),
    ).toThrow('refused');
    expect(rows()).toBe(0);
    expect(logged()).toEqual([]);
    expect(heard).toEqual([]);
  });

  it('announces a nested write with the outer one, and drops an inner write that rolled back', () => {
    path.write(() => {
      addNote('outer');
      path.write(() => {
        addNote('inner');
      });
      try {
        path.write(() => {
          addNote('lost');
          throw new Error('inner refused');
        });
      } catch {
        // The outer write goes on without the inner one.
      }
      heardDuring.push(heard.length);
    });
    expect(heardDuring).toEqual([0]);
    expect(heard.map((c) => c.entity)).toEqual(['note:outer', 'note:inner']);
    expect(logged().map((c) => c.id)).toEqual(heard.map((c) => c.id));
    expect(rows()).toBe(2);
  });

  it('refuses a record made outside a write', () => {
    expect(() =>
      path.record({ domain: 'tracking', kind: 'note.add', entity: 'note:x', data: null }),
    ).toThrow(/outside a write/);
    expect(logged()).toEqual([]);
  });

  it('inside a transaction it did not open, announces after that one commits, never if it rolls back', async () => {
    db.transaction(() => {
      path.write(() => {
        addNote('kept');
      });
    })();
    expect(heard).toEqual([]);
    try {
      db.transaction(() => {
        path.write(() => {
          addNote('rolled back');
        });
        throw new Error('outer refused');
      })();
    } catch {
      // The outer transaction rolled back with the change in it.
    }
    await Promise.resolve();
    await Promise.resolve();
    expect(heard.map((c) => c.entity)).toEqual(['note:kept']);
    expect(logged().map((c) => c.kind)).toEqual(['note.add']);
  });

  it('keeps one device id when the transaction that first stored it rolls back elsewhere', () => {
    try {
      db.transaction(() => {
        path.write(() => {
          addNote('rolled back');
        });
        throw new Error('outer refused');
      })();
    } catch {
      // The outer transaction rolled back with the device id it stored.
    }
    path.write(() => {
      addNote('kept');
    });
    const device = path.device();
    expect(path.since(0).map((c) => c.device)).toEqual([device]);
    expect(open().device()).toBe(device);
  });

  it('keeps its clock moving forward when the wall clock goes back, sortable as text', () => {
    const at = (when: number): string => {
      now = when;
      path.write(() => {
        addNote(String(when));
      });
      return path.since(0).at(-1)?.hlc ?? '';
    };
    const first = at(Date.UTC(2026, 0, 2));
    const back = at(Date.UTC(2025, 0, 1));
    const same = at(Date.UTC(2025, 0, 1));
    const later = at(Date.UTC(2026, 5, 1));
    expect([first, back, same, later]).toEqual([first, back, same, later].slice().sort());
    expect(new Set([first, back, same, later]).size).toBe(4);
    expect(later).toBe(`${String(Date.UTC(2026, 5, 1))}-000000`);
    // A new path over the same file carries on from the stored clock.
    path = open();
    now = Date.UTC(2020, 0, 1);
    path.write(() => {
      addNote('after reopen');
    });
    expect(path.since(0).at(-1)?.hlc).toBe(`${String(Date.UTC(2026, 5, 1))}-000001`);
  });

  it('gives the installation one device id, kept across reopening, and lists changes in order', () => {
    path.write(() => {
      addNote('a');
      addNote('b');
    });
    const device = path.device();
    expect(open().device()).toBe(device);
    const all = path.since(0);
    expect(all.map((c) => c.entity)).toEqual(['note:a', 'note:b']);
    expect(all.every((c) => c.device === device)).toBe(true);
    expect(path.since(all[0]?.seq ?? 0).map((c) => c.entity)).toEqual(['note:b']);
  });
  it('says nothing, and does not throw, when the library closes before a foreign transaction is checked', async () => {
    db.transaction(() => {
      path.write(() => {
        addNote('closing');
      });
    })();
    db.close();
    await Promise.resolve();
    await Promise.resolve();
    expect(heard).toEqual([]);
    db = new Database(':memory:');
  });
});
