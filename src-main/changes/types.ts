/** The parts of Marquee's own data a change belongs to. */
export type ChangeDomain = 'tracking' | 'inbox' | 'import' | 'preferences';

/** What a write records: one logical change, whatever number of rows it touched. */
export interface ChangeInput {
  domain: ChangeDomain;
  /** What happened, `<thing>.<verb>`: `plays.add`, `series.follow`, `inbox.read`… */
  kind: string;
  /** A stable key for what changed, the same on every computer: `play:<uid>`, `series:<id>`. */
  entity: string;
  /** The change itself, enough to replay it elsewhere (JSON). */
  data: unknown;
}

/** A recorded change. */
export interface Change extends ChangeInput {
  /** This computer's order only; never an identity. */
  seq: number;
  /** The change's identity on every computer. */
  id: string;
  /** Hybrid logical clock, sortable as text. */
  hlc: string;
  /** The installation that made the change. */
  device: string;
}

/** A change as it travels between computers: everything but a computer's local order. */
export type SharedChange = Omit<Change, 'seq'>;
