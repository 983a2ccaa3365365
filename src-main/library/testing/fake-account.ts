import type { OutboxOp } from '../changes';
import type { SendResult, WireOp } from '../sync/replay';

/** A small deterministic PRNG (mulberry32), so a failing fault-injection run can be replayed. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const coded = (code: string, message: string): Error => Object.assign(new Error(message), { code });

/**
 * A TMDB account held in memory, for sync tests: applies wire ops as TMDB would, and can fail a
 * request before applying it (429, 5xx, dropped connection) or after (the answer is lost).
 */
export class FakeAccount {
  readonly watchlist = new Set<string>();
  readonly favorites = new Set<string>();
  readonly ratings = new Map<string, number>();
  readonly lists = new Map<number, { name: string; items: Set<number> }>();
  requests = 0;
  #nextList = 100;

  constructor(
    private readonly random: () => number = () => 1,
    private readonly faultRate = 0,
  ) {}

  send = (op: WireOp): Promise<SendResult | undefined> => {
    this.requests += 1;
    const roll = this.random();
    const fault = roll < this.faultRate;
    const kind = this.random();
    if (fault && kind < 0.3)
      return Promise.reject(
        Object.assign(
          coded('rate_limited', 'HTTP 429 status_code 25'),
          kind < 0.15 ? { retryAfterMs: 10 } : {},
        ),
      );
    if (fault && kind < 0.55)
      return Promise.reject(
        coded('upstream', 'HTTP 503 from api.themoviedb.org?api_key=secret123456'),
      );
    if (fault && kind < 0.8) return Promise.reject(coded('offline', 'socket hang up'));
    let result: SendResult | undefined;
    try {
      result = this.apply(op);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    // The change reached TMDB but the answer was lost (never for a creation, which is not idempotent).
    if (fault && op.type !== 'list_create')
      return Promise.reject(coded('timeout', 'no answer within 10 s'));
    return Promise.resolve(result);
  };

  apply(op: WireOp): SendResult | undefined {
    const list = (): { name: string; items: Set<number> } => {
      const found = this.lists.get(op.listServerId ?? -1);
      if (!found) throw coded('not_found', 'The resource you requested could not be found. (34)');
      return found;
    };
    switch (op.type) {
      case 'watchlist':
      case 'favorite': {
        const set = op.type === 'watchlist' ? this.watchlist : this.favorites;
        if (op.on) set.add(`${op.mediaType}:${op.mediaId}`);
        else set.delete(`${op.mediaType}:${op.mediaId}`);
        return undefined;
      }
      case 'rating': {
        const key = ratingKey(op);
        if (op.value === null) this.ratings.delete(key);
        else this.ratings.set(key, op.value);
        return undefined;
      }
      case 'list_create': {
        const id = this.#nextList++;
        this.lists.set(id, { name: op.name, items: new Set() });
        return { listServerId: id };
      }
      case 'list_item':
        if (op.present) list().items.add(op.mediaId);
        else list().items.delete(op.mediaId);
        return undefined;
      case 'list_clear':
        list().items.clear();
        return undefined;
      case 'list_delete':
        list();
        this.lists.delete(op.listServerId ?? -1);
        return undefined;
    }
  }
}

export function ratingKey(op: Extract<OutboxOp, { type: 'rating' }>): string {
  const t = op.target;
  return t.mediaType === 'episode'
    ? `episode:${t.mediaId}:${t.season}:${t.episode}`
    : `${t.mediaType}:${t.mediaId}`;
}
