import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { UserChangeInput } from '../changes';
import { LibraryInputError } from '../store/mirror';
import { tempLibrary } from '../testing/temp-library';
import { markerOf, withMarker } from './list-marker';
import { createSync, type SendResult, type WireOp } from './replay';

/**
 * A model of TMDB's state for the ops Marquee sends, with the same rules as send-op.ts: every op
 * is a set-state; a list creation that may have reached TMDB is looked up by its marker first.
 * `faults` decides each request's fate: 'ok', 'drop' (never arrives) or 'lost' (applied, answer lost).
 */
class ModelTmdb {
  readonly watchlist = new Set<number>();
  readonly ratings = new Map<number, number>();
  readonly lists = new Map<number, { description: string; items: Set<number> }>();
  #next = 1;
  constructor(private readonly faults: Array<'ok' | 'drop' | 'lost'>) {}

  send = (op: WireOp): Promise<SendResult | undefined> => {
    const fate = this.faults.shift() ?? 'ok';
    const timeout = Object.assign(new Error('no answer'), { code: 'timeout' });
    if (fate === 'drop') return Promise.reject(timeout);
    const result = this.apply(op);
    return fate === 'lost' ? Promise.reject(timeout) : Promise.resolve(result);
  };

  private apply(op: WireOp): SendResult | undefined {
    const list = (): { description: string; items: Set<number> } => {
      const found = this.lists.get(op.listServerId ?? -1);
      if (!found) throw Object.assign(new Error('no such list'), { code: 'not_found' });
      return found;
    };
    switch (op.type) {
      case 'watchlist':
        if (op.on) this.watchlist.add(op.mediaId);
        else this.watchlist.delete(op.mediaId);
        return undefined;
      case 'favorite':
        return undefined;
      case 'rating':
        if (op.value === null) this.ratings.delete(op.target.mediaId);
        else this.ratings.set(op.target.mediaId, op.value);
        return undefined;
      case 'list_create': {
        if (op.uncertain && op.marker !== undefined) {
          for (const [id, l] of this.lists)
            if (markerOf(l.description) === op.marker) return { listServerId: id };
        }
        const id = this.#next++;
        this.lists.set(id, {
          description: withMarker(op.description, op.marker),
          items: new Set(),
        });
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
        // Already gone counts as done (send-op.ts: a 404 on delete).
        this.lists.delete(op.listServerId ?? -1);
        return undefined;
    }
  }
}

type Step =
  | { kind: 'watch'; id: number; on: boolean }
  | { kind: 'rate'; id: number; value: number | null }
  | { kind: 'create' }
  | { kind: 'item'; list: number; id: number; present: boolean }
  | { kind: 'clear'; list: number }
  | { kind: 'delete'; list: number }
  | { kind: 'sync'; faults: Array<'ok' | 'drop' | 'lost'> };

const id = fc.integer({ min: 1, max: 3 });
const listIndex = fc.integer({ min: 0, max: 1 });
const fate = fc.constantFrom('ok' as const, 'drop' as const, 'lost' as const);
// Weighted towards creations, deletions and syncs with faults: where lost answers matter most.
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    arbitrary: fc.record({ kind: fc.constant('watch' as const), id, on: fc.boolean() }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('rate' as const),
      id,
      value: fc.option(fc.integer({ min: 1, max: 10 }), { nil: null }),
    }),
    weight: 1,
  },
  { arbitrary: fc.record({ kind: fc.constant('create' as const) }), weight: 2 },
  {
    arbitrary: fc.record({
      kind: fc.constant('item' as const),
      list: listIndex,
      id,
      present: fc.boolean(),
    }),
    weight: 1,
  },
  { arbitrary: fc.record({ kind: fc.constant('clear' as const), list: listIndex }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('delete' as const), list: listIndex }), weight: 2 },
  {
    arbitrary: fc.record({
      kind: fc.constant('sync' as const),
      faults: fc.array(fate, { maxLength: 4 }),
    }),
    weight: 3,
  },
);

/** Issue 12: collapse + replay against TMDB's state under random changes, losses and retries. */
describe('outbox collapse and replay, as a property', () => {
  it('after replay TMDB holds the last intent per item; no list is duplicated or resurrected', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 30 }), async (steps) => {
        const env = await tempLibrary();
        try {
          const faults: Array<'ok' | 'drop' | 'lost'> = [];
          const tmdb = new ModelTmdb(faults);
          const sync = createSync({
            library: env.library,
            send: tmdb.send,
            clock: () => env.clock.now,
            sleep: () => Promise.resolve(),
            random: () => 0.5,
            attemptsPerRun: 1,
          });
          // The user's intent, as the test keeps it.
          const watch = new Map<number, boolean>();
          const rated = new Map<number, number | null>();
          const lists: Array<{ id: string; alive: boolean; items: Set<number> }> = [];
          const change = (input: UserChangeInput): { listId?: string } | null => {
            try {
              return env.library.applyUserChange(input);
            } catch (error) {
              if (error instanceof LibraryInputError) return null; // e.g. a deleted list
              throw error;
            }
          };
          for (const s of steps) {
            env.clock.now += 1;
            if (s.kind === 'watch') {
              change({ type: 'watchlist', mediaType: 'movie', mediaId: s.id, on: s.on });
              watch.set(s.id, s.on);
            } else if (s.kind === 'rate') {
              change({
                type: 'rating',
                target: { mediaType: 'movie', mediaId: s.id },
                value: s.value,
              });
              rated.set(s.id, s.value);
            } else if (s.kind === 'create') {
              const made = change({ type: 'list_create', name: `List ${lists.length}` });
              if (made?.listId) lists.push({ id: made.listId, alive: true, items: new Set() });
            } else if (s.kind === 'sync') {
              faults.splice(0, faults.length, ...s.faults);
              await sync.run();
            } else {
              const list = lists[s.list];
              if (!list?.alive) continue;
              if (s.kind === 'item') {
                change({
                  type: 'list_item',
                  listId: list.id,
                  mediaType: 'movie',
                  mediaId: s.id,
                  present: s.present,
                });
                if (s.present) list.items.add(s.id);
                else list.items.delete(s.id);
              } else if (s.kind === 'clear') {
                change({ type: 'list_clear', listId: list.id });
                list.items.clear();
              } else {
                change({ type: 'list_delete', listId: list.id });
                list.alive = false;
              }
            }
          }
          faults.length = 0;
          for (let i = 0; i < 5 && env.library.pending().length > 0; i++) await sync.run();

          expect(env.library.entries(['failed'])).toEqual([]);
          for (const [mediaId, on] of watch) expect(tmdb.watchlist.has(mediaId)).toBe(on);
          for (const [mediaId, value] of rated)
            expect(tmdb.ratings.get(mediaId) ?? null).toBe(value);
          const alive = lists.filter((l) => l.alive);
          // One server list per live user list: none duplicated, none resurrected.
          expect(tmdb.lists.size).toBe(alive.length);
          for (const list of alive) {
            const serverId = env.library.serverListId(list.id);
            expect(serverId).not.toBeNull();
            expect([...(tmdb.lists.get(serverId ?? -1)?.items ?? [])].sort()).toEqual(
              [...list.items].sort(),
            );
          }
        } finally {
          env.cleanup();
        }
      }),
      { numRuns: 100, seed: 12 },
    );
  }, 60_000);
});
