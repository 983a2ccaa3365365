import { describe, expect, it, vi } from 'vitest';
import { onMyServices, refKey, type TitleRef } from '../on-mine';
import { AvailabilityState } from './availability.svelte';
import { FakeBridge } from './testing/fake-bridge';

const netflix = { id: 8, name: 'Netflix', logoPath: '/n.jpg' };

/** A core that says every even id streams on Netflix, and knows every id under 1000. */
function fakeCore(): FakeBridge {
  return new FakeBridge({
    'services.availability': (input) => ({
      ok: true,
      value: {
        region: 'GB',
        items: (input?.items ?? []).map((item) => ({
          ...item,
          known: item.id < 1000,
          services: item.id % 2 === 0 ? [netflix] : [],
        })),
      },
    }),
  });
}

const movies = (...ids: number[]): TitleRef[] => ids.map((id) => ({ mediaType: 'movie', id }));

describe('AvailabilityState', () => {
  it('asks for a page of titles in one call, and never twice for the same title', async () => {
    const bridge = fakeCore();
    const state = new AvailabilityState(() => bridge);
    // The marks of a page's cards ask one by one, in the same turn.
    for (const ref of movies(1, 2, 3, 2)) state.want([ref]);
    await vi.waitFor(() => {
      expect(state.of({ mediaType: 'movie', id: 3 })).toBeDefined();
    });
    expect(bridge.calls).toHaveLength(1);
    expect(bridge.calls[0]?.input).toEqual({ items: movies(1, 2, 3) });
    expect(state.of({ mediaType: 'movie', id: 2 })?.services).toEqual([netflix]);
    expect(state.region).toBe('GB');
    state.want(movies(1, 2));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(bridge.calls).toHaveLength(1);
  });

  it('asks about 2,500 titles in slices the channel takes', async () => {
    const bridge = fakeCore();
    const state = new AvailabilityState(() => bridge);
    state.want(movies(...Array.from({ length: 2500 }, (_, i) => i + 1)));
    await vi.waitFor(() => {
      expect(state.known.size).toBe(2500);
    });
    expect(bridge.calls.map((c) => (c.input as { items: unknown[] }).items.length)).toEqual([
      1000, 1000, 500,
    ]);
  });

  it('asks again about every title when my services change', async () => {
    const bridge = fakeCore();
    const state = new AvailabilityState(() => bridge);
    state.want(movies(4, 5));
    await vi.waitFor(() => {
      expect(state.known.size).toBe(2);
    });
    await state.refresh();
    await vi.waitFor(() => {
      expect(bridge.calls.filter((c) => c.channel === 'services.availability')).toHaveLength(2);
    });
  });

  it('leaves titles unknown when the core cannot answer', async () => {
    const bridge = new FakeBridge({});
    const state = new AvailabilityState(() => bridge);
    state.want(movies(1));
    await vi.waitFor(() => {
      expect(state.busy).toBe(false);
      expect(bridge.calls).toHaveLength(1);
    });
    expect(state.of({ mediaType: 'movie', id: 1 })).toBeUndefined();
    expect(state.noneChosen).toBe(false);
  });
});

describe('the "On my services" filter', () => {
  it('keeps the titles on one of my services, in order; unknown ones are left out', () => {
    const known = new Map(
      [
        { mediaType: 'movie' as const, id: 1, known: true, services: [netflix] },
        { mediaType: 'tv' as const, id: 1, known: true, services: [] },
        { mediaType: 'movie' as const, id: 3, known: true, services: [netflix] },
      ].map((a) => [refKey(a), a]),
    );
    const items = [
      { kind: 'movie', id: 3 },
      { kind: 'tv', id: 1 },
      { kind: 'movie', id: 2 },
      { kind: 'person', id: 1 },
      { kind: 'movie', id: 1 },
    ];
    const kept = onMyServices(
      items,
      (i) => (i.kind === 'movie' || i.kind === 'tv' ? { mediaType: i.kind, id: i.id } : null),
      known,
    );
    expect(kept).toEqual([
      { kind: 'movie', id: 3 },
      { kind: 'movie', id: 1 },
    ]);
  });

  it('keeps a title known only to stream on one of a few of my services', () => {
    const prime = { id: 9, name: 'Prime Video', logoPath: null };
    const known = new Map(
      [
        { mediaType: 'movie' as const, id: 4, known: true, services: [], oneOf: [netflix, prime] },
        { mediaType: 'movie' as const, id: 5, known: true, services: [] },
      ].map((a) => [refKey(a), a]),
    );
    expect(onMyServices(movies(5, 4), (ref) => ref, known)).toEqual(movies(4));
  });
});
