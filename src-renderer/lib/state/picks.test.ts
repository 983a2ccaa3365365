import { describe, expect, it } from 'vitest';
import type { PicksListView, PickView } from '../../../src-shared/ipc/contract';
import type { AvailabilityCall } from '../availability';
import type { call } from '../api';
import type { MarqueeApi } from '../../../src-shared/ipc/api';
import { PicksState } from './picks.svelte';
import { toasts } from './toasts.svelte';

const pick = (id: number, mediaType: 'movie' | 'tv' = 'movie'): PickView => ({
  mediaType,
  id,
  title: `Title ${String(id)}`,
  posterPath: null,
  date: '2020-01-01',
  voteAverage: 7,
  voteCount: 100,
  score: 1 / id,
  because: { mediaType: 'movie', id: 99, title: 'Arrival', kind: 'watched', rating: null },
  reason: 'Because you watched Arrival',
});

const list = (items: PickView[]): PicksListView => ({
  basis: 'history',
  onServices: false,
  items,
  computedAt: 1,
  seeds: 1,
  seedsWaiting: 0,
});

/** A fake core: picks.list answers `items` (less the dismissed), dismissals are recorded. */
function fakeCore(items: PickView[]) {
  const hidden = new Set<string>();
  const calls: string[] = [];
  const ask = ((channel: string, input?: { mediaType: string; id: number }) => {
    calls.push(channel);
    if (channel === 'picks.list')
      return Promise.resolve({
        ok: true,
        value: list(items.filter((p) => !hidden.has(`${p.mediaType}:${String(p.id)}`))),
      });
    const key = `${input?.mediaType ?? ''}:${String(input?.id ?? 0)}`;
    if (channel === 'picks.dismiss') hidden.add(key);
    else hidden.delete(key);
    return Promise.resolve({ ok: true, value: { hidden: channel === 'picks.dismiss' } });
  }) as unknown as typeof call;
  return { ask, calls, hidden };
}

describe('the "For you" state', () => {
  it('filters to the picks on my services, through the availability channel', async () => {
    const core = fakeCore([pick(1), pick(2), pick(3, 'tv'), pick(4)]);
    const asked: number[][] = [];
    const fake: AvailabilityCall = (input) => {
      asked.push(input.items.map((i) => i.id));
      return Promise.resolve({
        ok: true,
        value: {
          region: 'GB',
          items: [
            { mediaType: 'movie', id: 1, known: true, services: [] },
            {
              mediaType: 'movie',
              id: 2,
              known: true,
              services: [{ id: 8, name: 'Netflix', logoPath: null }],
            },
            {
              mediaType: 'tv',
              id: 3,
              known: true,
              services: [{ id: 9, name: 'MUBI', logoPath: null }],
            },
            { mediaType: 'movie', id: 4, known: false, services: [] },
          ],
        },
      });
    };
    const state = new PicksState(core.ask, fake);
    await state.load();
    expect(state.items.map((p) => p.id)).toEqual([1, 2, 3, 4]);
    await state.setOnMine(true);
    expect(state.items.map((p) => p.id)).toEqual([2, 3]);
    expect(state.serviceOf(pick(2))).toBe('Netflix');
    expect(state.unknownCount).toBe(1);
    expect(asked).toEqual([[1, 2, 3, 4]]);
    await state.setOnMine(false);
    expect(state.items.map((p) => p.id)).toEqual([1, 2, 3, 4]);
  });

  it('shows every pick, and says why, when availability cannot be read', async () => {
    const core = fakeCore([pick(1), pick(2)]);
    const state = new PicksState(core.ask, () =>
      Promise.resolve({ ok: false, error: { code: 'internal', message: 'no such channel' } }),
    );
    await state.load();
    await state.setOnMine(true);
    expect(state.items.map((p) => p.id)).toEqual([1, 2]);
    expect(state.mineError).toMatch(/not known yet/);
  });

  it('removes a dismissed pick at once, with an Undo that brings it back', async () => {
    toasts.reset();
    const core = fakeCore([pick(1), pick(2)]);
    const state = new PicksState(core.ask, () => Promise.reject(new Error('unused')));
    await state.load();
    await state.dismiss(pick(1));
    expect(state.items.map((p) => p.id)).toEqual([2]);
    expect(core.hidden.has('movie:1')).toBe(true);
    const toast = toasts.items.at(-1);
    expect(toast?.message).toBe('Title 1 won’t be suggested again');
    expect(toast?.action?.label).toBe('Undo');
    await state.undismiss(pick(1));
    expect(state.items.map((p) => p.id)).toEqual([1, 2]);
    expect(core.calls).toEqual(['picks.list', 'picks.dismiss', 'picks.undismiss', 'picks.list']);
  });

  it('reads the picks once more after a burst of changes, not once per change', async () => {
    const answers: Array<() => void> = [];
    let asked = 0;
    const ask = ((channel: string) => {
      if (channel !== 'picks.list') return Promise.reject(new Error(`unexpected ${channel}`));
      asked += 1;
      return new Promise((resolve) => {
        answers.push(() => {
          resolve({ ok: true, value: list([pick(asked)]) } as never);
        });
      });
    }) as typeof call;
    const listeners = new Map<string, () => void>();
    const bridge = {
      on: (event: string, listener: () => void) => {
        listeners.set(event, listener);
        return () => undefined;
      },
    } as unknown as Pick<MarqueeApi, 'on'>;
    const state = new PicksState(ask, () => Promise.reject(new Error('unused')));
    state.start(bridge);
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    // An import announces its plays chunk by chunk while the first read is still on its way.
    for (let i = 0; i < 50; i++) listeners.get('tracking.changed')?.();
    listeners.get('picks.changed')?.();
    await settle();
    expect(asked).toBe(1);
    answers.shift()?.();
    await settle();
    expect(asked).toBe(2);
    answers.shift()?.();
    await settle();
    // One read for the start, one for the whole burst: and it shows the newest answer.
    expect(asked).toBe(2);
    expect(state.items.map((p) => p.id)).toEqual([2]);
  });
});
