import type Database from 'better-sqlite3';
import { createAggregateStore, type AggregateStore } from './aggregates';
import { createFactsStore, type FactsStore } from './facts';

/** Every SQL statement of the stats domain lives behind this object. */
export interface StatsStore {
  facts: FactsStore;
  aggregates: AggregateStore;
  /** Runs `fn` in one transaction, so a set of aggregates reads one consistent library. */
  read<T>(fn: () => T): T;
}

export function createStatsStore(db: Database.Database): StatsStore {
  return {
    facts: createFactsStore(db),
    aggregates: createAggregateStore(db),
    read: (fn) => db.transaction(fn)(),
  };
}
