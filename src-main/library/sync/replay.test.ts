import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UserChangeInput } from '../changes';
import { FakeAccount, seeded } from '../testing/fake-account';
import { createSync, type SyncProgress } from './replay';
import { tempLibrary } from '../testing/temp-library';

const noSleep = (): Promise<void> => Promise.resolve();

describe('sync', () => {
  let env: Awaited<ReturnType<typeof tempLibrary>>;
  beforeEach(async () => (env = await tempLibrary()));
  afterEach(() => {
    env.cleanup();
  });

  const syncWith = (account: FakeAccount, extra: Partial<Parameters<typeof createSync>[0]> = {}) =>
    createSync({
      library: env.library,
      send: account.send,
      clock: () => env.clock.now,
      sleep: noSleep,
      random: () => 0.5,
      ...extra,
    });

  it('sends the collapsed outbox in order and maps a new list to its server id', async () => {
    const account = new FakeAccount();
    const progress: SyncProgress[] = [];
    env.library.applyUserChange({ type: 'watchlist', mediaType: 'movie', mediaId: 5, on: true });
    env.library.applyUserChange({ type: 'watchlist', mediaType: 'movie', mediaId: 5, on: false });
    const { listId = '' } = env.library.applyUserChange({ type: 'list_create', name: 'Noir' });
    env.library.applyUserChange({
      type: 'list_item',
      listId,
      mediaType: 'movie',
      mediaId: 7,
      present: true,
    });
    const report = await syncWith(account, { onProgress: (p) => progress.push(p) }).run();
    expect(report).toMatchObject({ total: 3, done: 3, failed: 0, remaining: 0, running: false });
    expect(account.requests).toBe(3);
    expect([...account.lists.values()].map((l) => [l.name, [...l.items]])).toEqual([['Noir', [7]]]);
    expect(env.library.serverListId(listId)).toBe(100);
    expect(progress.at(0)).toMatchObject({ total: 3, done: 0, running: true });
    expect(progress.at(-1)).toMatchObject({ total: 3, done: 3, running: false });
    expect(env.library.entries(['sent', 'collapsed']).map((e) => e.status)).toEqual([
      'collapsed',
      'sent',
      'sent',
      'sent',
    ]);
  });

  it('marks a permanent failure visibly, with a redacted reason, and does not retry it', async () => {
    const account = new FakeAccount();
    const send = () =>
      Promise.reject(
        Object.assign(new Error('Invalid id ?session_id=abcdef123456'), { code: 'invalid_input' }),
      );
    env.library.applyUserChange({ type: 'favorite', mediaType: 'tv', mediaId: 1, on: true });
    const report = await createSync({
      library: env.library,
      send,
      clock: () => 1,
      sleep: noSleep,
      random: Math.random,
    }).run();
    expect(report).toMatchObject({ done: 0, failed: 1, remaining: 0 });
    const [failed] = env.library.entries(['failed']);
    expect(failed?.lastError).toBe('invalid_input: Invalid id ?session_id=[redacted]');
    expect(await syncWith(account).run()).toMatchObject({ total: 0 });
    expect(env.library.retryFailed()).toBe(1);
    expect(await syncWith(account).run()).toMatchObject({ done: 1 });
  });

  it('backs off with jitter on transient errors, honours Retry-After, and stops at once when offline', async () => {
    const delays: number[] = [];
    const errors = [
      Object.assign(new Error('429'), { code: 'rate_limited', retryAfterMs: 2000 }),
      Object.assign(new Error('503'), { code: 'upstream' }),
      Object.assign(new Error('down'), { code: 'offline' }),
    ];
    const send = () => Promise.reject(errors.shift() ?? new Error('unexpected'));
    env.library.applyUserChange({ type: 'watchlist', mediaType: 'movie', mediaId: 1, on: true });
    const sync = createSync({
      library: env.library,
      send,
      clock: () => 0,
      sleep: (ms) => (delays.push(ms), Promise.resolve()),
      random: () => 0.5,
      baseDelayMs: 1000,
    });
    const report = await sync.run();
    expect(delays).toEqual([2000, 2000]); // Retry-After, then 0.5 × 1000 × 2^2
    expect(report).toMatchObject({ stoppedBy: 'offline', remaining: 1, done: 0 });
    expect(env.library.entries(['pending'])[0]).toMatchObject({
      attempts: 3,
      lastError: 'offline: down',
    });
  });

  it('conflict: a newer change on the server wins over a queued one, visibly; an older one does not', async () => {
    const account = new FakeAccount();
    env.clock.now = 1000;
    env.library.applyUserChange({ type: 'watchlist', mediaType: 'movie', mediaId: 1, on: true });
    env.library.applyUserChange({ type: 'watchlist', mediaType: 'movie', mediaId: 2, on: true });
    const remote = { 1: 2000, 2: 500 } as Record<number, number>;
    const sync = syncWith(account, {
      readRemoteState: (op) =>
        Promise.resolve(
          op.type === 'watchlist'
            ? { op: { ...op, on: false }, changedAt: remote[op.mediaId] ?? null }
            : null,
        ),
    });
    expect(await sync.run()).toMatchObject({ done: 1, superseded: 1 });
    expect([...account.watchlist]).toEqual(['movie:2']);
    expect(env.library.entries(['superseded'])[0]).toMatchObject({
      lastError: 'a newer change made on TMDB replaced this one',
    });
    const ids = env.db
      .prepare("SELECT media_id FROM collection_entries WHERE collection = 'watchlist'")
      .pluck()
      .all();
    expect(ids).toEqual([2]);
  });

  it('fault injection: 1,000 changes against a flaky server end in exactly the intended state', async () => {
    const random = seeded(20250102);
    const account = new FakeAccount(seeded(7), 0.3);
    const sync = syncWith(account, { random, attemptsPerRun: 4 });
    const lists: string[] = [];
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

    for (let i = 0; i < 1000; i++) {
      env.clock.now += 1;
      const r = random();
      let change: UserChangeInput;
      if (r < 0.3)
        change = {
          type: 'watchlist',
          mediaType: pick(['movie', 'tv'] as const),
          mediaId: 1 + Math.floor(random() * 40),
          on: random() < 0.6,
        };
      else if (r < 0.5)
        change = {
          type: 'favorite',
          mediaType: pick(['movie', 'tv'] as const),
          mediaId: 1 + Math.floor(random() * 40),
          on: random() < 0.6,
        };
      else if (r < 0.7) {
        const target =
          random() < 0.7
            ? { mediaType: pick(['movie', 'tv'] as const), mediaId: 1 + Math.floor(random() * 30) }
            : {
                mediaType: 'episode' as const,
                mediaId: 1399,
                season: 1,
                episode: 1 + Math.floor(random() * 8),
              };
        change = {
          type: 'rating',
          target,
          value: random() < 0.2 ? null : Math.ceil(random() * 20) / 2,
        };
      } else if (r < 0.74 || lists.length === 0)
        change = { type: 'list_create', name: `List ${i}` };
      else if (r < 0.95)
        change = {
          type: 'list_item',
          listId: pick(lists),
          mediaType: 'movie',
          mediaId: 1 + Math.floor(random() * 25),
          present: random() < 0.7,
        };
      else if (r < 0.98) change = { type: 'list_clear', listId: pick(lists) };
      else change = { type: 'list_delete', listId: pick(lists) };
      const result = env.library.applyUserChange(change);
      if (result.listId) lists.push(result.listId);
      if (change.type === 'list_delete') lists.splice(lists.indexOf(change.listId), 1);
      if (i % 97 === 96) await sync.run(); // Sync now and then while the user keeps changing things.
    }
    for (let round = 0; round < 500 && env.library.pending().length > 0; round++) await sync.run();

    expect(env.library.pending()).toEqual([]);
    expect(env.library.entries(['failed'])).toEqual([]);
    const rows = (sql: string): string[] => (env.db.prepare(sql).pluck().all() as string[]).sort();
    expect([...account.watchlist].sort()).toEqual(
      rows(
        "SELECT media_type || ':' || media_id FROM collection_entries WHERE collection = 'watchlist'",
      ),
    );
    expect([...account.favorites].sort()).toEqual(
      rows(
        "SELECT media_type || ':' || media_id FROM collection_entries WHERE collection = 'favorite'",
      ),
    );
    expect([...account.ratings].map(([k, v]) => `${k}=${v}`).sort()).toEqual(
      rows(
        "SELECT media_type || ':' || media_id || CASE WHEN media_type = 'episode' THEN ':' || season_number || ':' || episode_number ELSE '' END || '=' || printf('%g', rating) FROM collection_entries WHERE collection = 'rated'",
      ),
    );
    const localLists = env.db
      .prepare(
        'SELECT m.server_id AS id, l.name AS name, (SELECT group_concat(media_id) FROM (SELECT media_id FROM list_items WHERE list_id = l.id ORDER BY media_id)) AS items FROM lists l JOIN list_server_ids m ON m.list_id = l.id ORDER BY m.server_id',
      )
      .all();
    const serverLists = [...account.lists].map(([id, l]) => ({
      id,
      name: l.name,
      items: [...l.items].sort((a, b) => a - b).join(',') || null,
    }));
    expect(serverLists).toEqual(localLists);
    // Nothing lost: every queued entry ended sent, collapsed into a sent one, or cancelled with a reason.
    const statuses = new Set(env.library.entries().map((e) => e.status));
    expect([...statuses].every((s) => ['sent', 'collapsed', 'cancelled'].includes(s))).toBe(true);
    expect(env.library.entries()).toHaveLength(1000);
  });
});
