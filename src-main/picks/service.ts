import {
  pickHiddenKey,
  PICK_HIDDEN_PREFIX,
  PICKS_MAX,
  type PicksListView,
} from '../../src-shared/ipc/contract/picks';
import type { Logger } from '../base/log';
import type { Preferences } from '../changes/preferences';
import { z } from 'zod';
import type { PicksJob } from './compute';
import { refKey, type Kind, type PicksResult } from './types';

/** A ranking this old is worked out again at the next call, even with nothing known to change. */
export const PICKS_FRESH_MS = 10 * 60_000;
/** Seeds with nothing cached whose recommendations one ranking may fetch. */
export const SEEDS_FETCHED = 3;

export interface PicksServiceDeps {
  /** Works the picks out: in the worker when there is one, else on this thread. */
  compute(job: PicksJob): Promise<PicksResult>;
  preferences: Preferences;
  clock: () => number;
  online: () => boolean;
  /** Reads a seed's details through the cache (they carry its recommendations): TMDB only. */
  fetchSeed(kind: Kind, id: number): Promise<void>;
  /** Popular titles on the person's services, from a cached discover; null without services. */
  popularOnServices(): Promise<Array<{ kind: Kind; id: number }> | null>;
  /** Changes whenever the cache stores a response: a kept ranking is then worked out again. */
  cacheStamp(): number;
  /** Says the picks were worked out again with more to go on. */
  emit(computedAt: number): void;
  log: Logger;
}

export interface PicksService {
  list(limit: number): Promise<PicksListView>;
  dismiss(kind: Kind, id: number): void;
  undismiss(kind: Kind, id: number): void;
  /** What the picks stand on changed (a play, a rating, facts filled): the next call works anew. */
  invalidate(): void;
  /** Resolves when no fetch of seeds is running. */
  idle(): Promise<void>;
}

/**
 * The picks as main answers them: from the last ranking while it is fresh (nothing it stands on
 * changed, no response cached since, younger than {@link PICKS_FRESH_MS}), else worked out anew. Titles
 * dismissed since are left out of a kept ranking at once. After a ranking, the few strongest
 * seeds with nothing cached have their recommendations fetched (online, once each), and the
 * picks are worked out again with them.
 */
export function createPicksService(deps: PicksServiceDeps): PicksService {
  let version = 0;
  let last: { version: number; stamp: number; result: PicksResult } | null = null;
  let running: { version: number; answer: Promise<PicksResult> } | null = null;
  const attempted = new Set<string>();
  let fetching: Promise<void> = Promise.resolve();

  const dismissed = (): Set<string> => {
    const out = new Set<string>();
    for (const [key, hidden] of deps.preferences.entries(PICK_HIDDEN_PREFIX, z.boolean())) {
      if (hidden) out.add(key.slice(PICK_HIDDEN_PREFIX.length));
    }
    return out;
  };

  const work = async (): Promise<PicksResult> => {
    const now = deps.clock();
    const result = await deps.compute({ now, limit: PICKS_MAX, popular: null });
    if (result.basis !== 'popular') return result;
    const popular = await deps.popularOnServices().catch(() => null);
    if (popular === null || popular.length === 0) return result;
    return deps.compute({ now, limit: PICKS_MAX, popular });
  };

  const fresh = (): PicksResult | null =>
    last !== null &&
    last.version === version &&
    last.stamp === deps.cacheStamp() &&
    deps.clock() - last.result.computedAt < PICKS_FRESH_MS &&
    deps.clock() >= last.result.computedAt
      ? last.result
      : null;

  const current = async (): Promise<PicksResult> => {
    const kept = fresh();
    if (kept !== null) return kept;
    if (running !== null && running.version === version) return running.answer;
    const at = version;
    const stamp = deps.cacheStamp();
    const answer = work();
    running = { version: at, answer };
    try {
      const result = await answer;
      last = { version: at, stamp, result };
      fillSeeds(result);
      return result;
    } finally {
      if (running.answer === answer) running = null;
    }
  };

  /** Fetches the strongest waiting seeds' recommendations, then works the picks out again. */
  const fillSeeds = (result: PicksResult): void => {
    if (!deps.online()) return;
    const due = result.waiting
      .filter((s) => !attempted.has(refKey(s.kind, s.id)))
      .slice(0, SEEDS_FETCHED);
    if (due.length === 0) return;
    for (const s of due) attempted.add(refKey(s.kind, s.id));
    fetching = fetching.then(async () => {
      let got = 0;
      for (const s of due) {
        try {
          await deps.fetchSeed(s.kind, s.id);
          got++;
        } catch (error) {
          deps.log.debug('picks.seed_fetch_failed', { kind: s.kind, id: s.id, error });
        }
      }
      if (got === 0) return;
      version++;
      const again = await current().catch(() => null);
      if (again !== null) deps.emit(again.computedAt);
    });
  };

  return {
    async list(limit) {
      const result = await current();
      const gone = dismissed();
      const { waiting: _waiting, ...view } = result;
      return {
        ...view,
        items: view.items.filter((p) => !gone.has(`${p.mediaType}:${p.id}`)).slice(0, limit),
      };
    },
    dismiss(kind, id) {
      deps.preferences.set(pickHiddenKey(kind, id), true);
    },
    undismiss(kind, id) {
      // A kept ranking left the title out while it was dismissed: it is worked out again.
      if (deps.preferences.set(pickHiddenKey(kind, id), false)) version++;
    },
    invalidate() {
      version++;
    },
    idle: () => fetching,
  };
}
