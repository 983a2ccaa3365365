import type Database from 'better-sqlite3';
import { createAggregateStore, type AggregateStore } from './aggregates';
import { createFactsStore, type FactsStore, type FactsVersion } from './facts';

/** Every SQL statement of the stats domain lives behind this object. */
export interface StatsStore {
  facts: FactsStore;
  aggregates: AggregateStore;
  /** Runs `fn` in one transaction, so a set of aggregates reads one consistent library. */
  read<T>(fn: () => T): T;
}

export function createStatsStore(db: Database.Database): StatsStore {
  // Facts are written only through `facts`, which bumps this; the aggregates keep their index of
  // facts until it moves.
  const factsVersion: FactsVersion = { value: 0 };
  return {
    facts: createFactsStore(db, factsVersion),
    aggregates: createAggregateStore(db, factsVersion),
    read: (fn) => db.transaction(fn)(),
  };
}
