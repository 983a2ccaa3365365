import { randomUUID } from 'node:crypto';
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
  /** Whether an answer to this question is stored (nothing is read but its key). */
  has(key: AnswerKey): boolean;
  /**
   * Notes that an answer to this question is being computed, before the computation reads the
   * library: a claim row, which the triggers drop with every stored answer as soon as something
   * the stats read changes. Returns the claim, or null when the library cannot be written at once
   * (derived data never waits for a lock).
   */
  claim(key: AnswerKey): string | null;
  /**
   * Stores an answer in place of its claim, only when the claim is still there: nothing the stats
   * read changed since it was made (other writes, which change no answer, do not matter), and no
   * later computation claimed the question. Never waits for a lock. Returns whether it wrote.
   */
  save(key: AnswerKey, answer: unknown, claim: string): boolean;
}

/** A claim's text: never an answer's (answers are JSON objects). */
const CLAIM = '#claim ';

/**
 * The stats' stored answers (library migration 017): the last overview and years computed for
 * each question, dropped by triggers whenever a play, a title's facts or a rating changes.
 */
export function createAnswerStore(
  db: Database.Database,
  /** Hears how many rows each stored answer or claim changed (the version leaves them out). */
  wrote: (rows: number) => void,
  newClaim: () => string = randomUUID,
): AnswerStore {
  const read = db
    .prepare<[string, string, string], string>(
      'SELECT answer FROM stats_answers WHERE channel = ? AND input = ? AND day = ?',
    )
    .pluck();
  const present = db
    .prepare<[string, string, string, string], number>(
      `SELECT 1 FROM stats_answers WHERE channel = ? AND input = ? AND day = ?
       AND substr(answer, 1, ${String(CLAIM.length)}) <> ?`,
    )
    .pluck();
  const current = db
    .prepare<[string, string], string>(
      'SELECT answer FROM stats_answers WHERE channel = ? AND input = ?',
    )
    .pluck();
  const put = db.prepare(
    'INSERT OR REPLACE INTO stats_answers (channel, input, day, answer) VALUES (?, ?, ?, ?)',
  );
  const replace = db.transaction((key: AnswerKey, text: string, claim: string | null): boolean => {
    if (claim !== null && current.get(key.channel, key.input) !== CLAIM + claim) return false;
    wrote(put.run(key.channel, key.input, key.day, text).changes);
    return true;
  });
  /** Writes at once or not at all: closed meanwhile, inside another's transaction, or locked. */
  const now = (key: AnswerKey, text: string, claim: string | null): boolean => {
    if (!db.open || db.inTransaction) return false;
    const timeout = Number(db.pragma('busy_timeout', { simple: true }));
    db.pragma('busy_timeout = 0');
    try {
      return replace.immediate(key, text, claim);
    } catch {
      return false;
    } finally {
      db.pragma(`busy_timeout = ${String(timeout)}`);
    }
  };
  return {
    get(key) {
      const text = read.get(key.channel, key.input, key.day);
      return text === undefined || text.startsWith(CLAIM)
        ? undefined
        : (JSON.parse(text) as unknown);
    },
    has: (key) => present.get(key.channel, key.input, key.day, CLAIM) !== undefined,
    claim(key) {
      const claim = newClaim();
      return now(key, CLAIM + claim, null) ? claim : null;
    },
    save: (key, answer, claim) => now(key, JSON.stringify(answer), claim),
  };
}
