import { describe, expect, it } from 'vitest';
import type { Provenance } from '../../../src-shared/ipc/contract';
import type { IpcResult } from '../../../src-shared/ipc/result';
import { RemoteList } from './remote-list.svelte';

type Reply = IpcResult<{ items: string[]; meta: Provenance }>;

const meta: Provenance = { source: 'network', fetchedAt: 1_000, stale: false };
const success = (items: string[]): Reply => ({ ok: true, value: { items, meta } });
const offline: Reply = { ok: false, error: { code: 'offline', message: 'TMDB is unreachable' } };

/** A loader whose answers the test releases one by one. */
function scripted() {
  const pending: ((reply: Reply) => void)[] = [];
  const load = () => new Promise<Reply>((resolve) => pending.push(resolve));
  const answer = async (reply: Reply) => {
    pending.shift()?.(reply);
    await Promise.resolve();
    await Promise.resolve();
  };
  return { load, answer };
}

describe('RemoteList', () => {
  it('goes from loading to ready with the items and their provenance', async () => {
    const { load, answer } = scripted();
    const list = new RemoteList<string>(load);
    expect(list.status).toBe('idle');
    const done = list.ensure();
    expect(list.status).toBe('loading');
    await answer(success(['DE', 'FR']));
    await done;
    expect(list.status).toBe('ready');
    expect(list.items).toEqual(['DE', 'FR']);
    expect(list.meta).toEqual(meta);
  });

  it('keeps the items already shown when a reload fails, and clears the error once a retry works', async () => {
    const { load, answer } = scripted();
    const list = new RemoteList<string>(load);
    const first = list.reload();
    await answer(success(['DE']));
    await first;
    const failing = list.reload();
    await answer(offline);
    await failing;
    expect(list.status).toBe('error');
    expect(list.error?.code).toBe('offline');
    expect(list.items).toEqual(['DE']);
    expect(list.hasData).toBe(true);

    const retry = list.reload();
    // While retrying, the error stays on screen (the button says "Retrying…").
    expect(list.status).toBe('loading');
    expect(list.error?.code).toBe('offline');
    await answer(success(['DE', 'JP']));
    await retry;
    expect(list.error).toBeNull();
    expect(list.items).toEqual(['DE', 'JP']);
  });

  it('tries a failed list again through ensure(), e.g. when Settings is opened again', async () => {
    const replies = [offline, success(['DE'])];
    const list = new RemoteList<string>(() => Promise.resolve(replies.shift() ?? offline));
    await list.ensure();
    expect(list.status).toBe('error');
    await list.ensure();
    expect(list.items).toEqual(['DE']);
  });

  it('loads only once through ensure()', async () => {
    let calls = 0;
    const list = new RemoteList<string>(() => {
      calls += 1;
      return Promise.resolve(success(['DE']));
    });
    await Promise.all([list.ensure(), list.ensure()]);
    await list.ensure();
    expect(calls).toBe(1);
  });

  it('drops an answer that arrives after reset()', async () => {
    const { load, answer } = scripted();
    const list = new RemoteList<string>(load);
    const late = list.reload();
    list.reset();
    await answer(success(['DE']));
    await late;
    expect(list.status).toBe('idle');
    expect(list.items).toEqual([]);
  });
});
