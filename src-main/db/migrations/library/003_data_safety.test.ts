import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../../migrate';
import { library001 } from './001_initial';
import { library002 } from './002_tracking';
import { library003 } from './003_data_safety';

describe('library migration 003_data_safety', () => {
  let db: Database.Database;
  afterEach(() => {
    db.close();
  });

  it('adds dead letters and local intents, with the latest open change per item carried over', () => {
    db = new Database(':memory:');
    migrate(db, [library001, library002]);
    const queue = db.prepare(
      'INSERT INTO outbox (item_key, op, queued_at, status) VALUES (?, ?, ?, ?)',
    );
    queue.run('watchlist:movie:5', '{"a":1}', 1, 'pending');
    queue.run('watchlist:movie:5', '{"a":2}', 2, 'pending');
    queue.run('watchlist:movie:6', '{"b":1}', 3, 'sent');
    queue.run('favorite:tv:7', '{"c":1}', 4, 'failed');

    expect(migrate(db, [library001, library002, library003]).to).toBe(3);
    expect(db.prepare('SELECT item_key, seq, op FROM local_intents ORDER BY seq').all()).toEqual([
      { item_key: 'watchlist:movie:5', seq: 2, op: '{"a":2}' },
      { item_key: 'favorite:tv:7', seq: 4, op: '{"c":1}' },
    ]);

    const dead = db.prepare(
      "INSERT INTO dead_letters (source, source_key, payload, reason, found_at) VALUES ('outbox', '7', 'x', 'not JSON', 1)",
    );
    dead.run();
    // Set aside once: finding the same row again does not add it twice.
    expect(() => dead.run()).toThrow(/UNIQUE/);
  });
});
