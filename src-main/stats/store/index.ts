import type Database from 'better-sqlite3';
import { createAggregateStore, type AggregateStore } from './aggregates';
import { createAnswerStore, type AnswerStore } from './answers';
import { createFactsStore, type FactsChanges, type FactsStore } from './facts';

/** Every SQL statement of the stats domain lives behind this object. */
export interface StatsStore {
  facts: FactsStore;
  aggregates: AggregateStore;
  /** The last answers computed, kept until what they were computed from changes. */
  answers: AnswerStore;
  /** Runs `fn` in one transaction, so a set of aggregates reads one consistent library. */
  read<T>(fn: () => T): T;
  /**
   * Changes whenever a change to the library is committed, by this connection (its count of
   * changed rows, stored answers left out) or by another one (`PRAGMA data_version`): equal
   * versions, equal library.
   */
  version(): string;
}

export function createStatsStore(db: Database.Database): StatsStore {
  // Facts are written only through `facts`, which notes each title it writes here; the
  // aggregates keep the facts in memory and read those titles again.
  const changes: FactsChanges = { titles: new Set() };
  const changed = db.prepare<[], number>('SELECT total_changes()').pluck();
  // A stored answer is no change to what the stats read: the rows it wrote are left out.
  let own = 0;
  const version = (): string =>
    `${String(db.pragma('data_version', { simple: true }))}:${String((changed.get() ?? 0) - own)}`;
  return {
    facts: createFactsStore(db, changes),
    aggregates: createAggregateStore(db, changes),
    answers: createAnswerStore(db, (rows) => (own += rows)),
    read: (fn) => db.transaction(fn)(),
    version,
  };
}
