import type Database from 'better-sqlite3';

/** Which answers are stored: those the Stats view asks for first. */
export type StoredChannel = 'stats.overview' | 'stats.years';

/** A stored answer is valid for the same question, asked in the same zone on the same local day. */
export interface AnswerKey {
  channel: StoredChannel;
  /** The query, the time zone and Marquee's version, as one text. */
  input: string;
  /** The local day (YYYY-MM-DD) the answer was computed on. */
  day: string;
}

export interface AnswerStore {
  /** The stored answer to this question, or undefined when none is (or it is of another day). */
  get(key: AnswerKey): unknown;
  /**
   * Stores an answer, only when nothing was committed to the library since `version` was read
   * (`StatsStore.version`: the answer may predate that commit) and the library can be written at
   * once: derived data never waits for a lock or fails a read. Returns whether it wrote.
   */
  save(key: AnswerKey, answer: unknown, version: string): boolean;
}

/**
 * The stats' stored answers (library migration 017): the last overview and years computed for
 * each question, dropped by triggers whenever a play, a title's facts or a rating changes.
 */
export function createAnswerStore(
  db: Database.Database,
  version: () => string,
  /** Hears how many rows each stored answer changed (the version leaves them out). */
  wrote: (rows: number) => void,
): AnswerStore {
  const read = db
    .prepare<[string, string, string], string>(
      'SELECT answer FROM stats_answers WHERE channel = ? AND input = ? AND day = ?',
    )
    .pluck();
  const put = db.prepare(
    'INSERT OR REPLACE INTO stats_answers (channel, input, day, answer) VALUES (?, ?, ?, ?)',
  );
  const write = db.transaction((key: AnswerKey, text: string, seen: string): boolean => {
    if (version() !== seen) return false;
    wrote(put.run(key.channel, key.input, key.day, text).changes);
    return true;
  });
  return {
    get(key) {
      const text = read.get(key.channel, key.input, key.day);
      return text === undefined ? undefined : (JSON.parse(text) as unknown);
    },
    save(key, answer, seen) {
      // Closed meanwhile, or inside another's transaction.
      if (!db.open || db.inTransaction) return false;
      const timeout = Number(db.pragma('busy_timeout', { simple: true }));
      db.pragma('busy_timeout = 0');
      try {
        return write.immediate(key, JSON.stringify(answer), seen);
      } catch {
        return false;
      } finally {
        db.pragma(`busy_timeout = ${String(timeout)}`);
      }
    },
  };
}
