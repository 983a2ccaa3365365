import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeBridge, ok, settle } from './testing/fake-bridge';
import { changed, inboxItem } from './testing/tracking-fixtures';
import { inboxHref, InboxState } from './tracking-inbox.svelte';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('InboxState', () => {
  it('follows the unread count from the core’s events and reloads an open inbox', async () => {
    let items = [inboxItem(1)];
    const bridge = new FakeBridge({
      'tracking.status': () =>
        ok({ refresh: { running: false, done: 0, total: 0, failed: 0 }, unread: 1 }),
      'tracking.inbox': () => ok({ items, unread: items.filter((i) => i.readAt === null).length }),
    });
    vi.stubGlobal('window', { api: bridge });
    const state = new InboxState();
    const stop = state.start(bridge);
    await vi.waitFor(() => {
      expect(state.unread).toBe(1);
    });
    await state.load();
    items = [inboxItem(2), inboxItem(1)];
    bridge.emit('tracking.inbox', { unread: 2, items: [inboxItem(2)] });
    expect(state.unread).toBe(2);
    await vi.waitFor(() => {
      expect(state.items.map((i) => i.id)).toEqual([2, 1]);
    });
    stop();
  });

  it('marks read at once and puts it back when the core refuses', async () => {
    let refuse = false;
    const bridge = new FakeBridge({
      'tracking.inbox': () => ok({ items: [inboxItem(1), inboxItem(2)], unread: 2 }),
      'tracking.markRead': () =>
        refuse
          ? { ok: false, error: { code: 'internal', message: 'disk full' } }
          : ok({ unread: 0, changes: ['c1'] }),
    });
    vi.stubGlobal('window', { api: bridge });
    const state = new InboxState();
    await state.load();
    expect(await state.markRead('all')).toBeNull();
    expect(state.unread).toBe(0);
    expect(state.items.every((i) => i.readAt !== null)).toBe(true);

    await state.load();
    refuse = true;
    expect((await state.markRead([1]))?.message).toBe('disk full');
    expect(state.items.every((i) => i.readAt === null)).toBe(true);
    expect(state.unread).toBe(2);
  });

  it('takes its own read marks from the reply, and reads again for another window’s', async () => {
    let items = [inboxItem(1), inboxItem(2)];
    const unread = (): number => items.filter((i) => i.readAt === null).length;
    const bridge = new FakeBridge({
      'tracking.status': () =>
        ok({ refresh: { running: false, done: 0, total: 0, failed: 0 }, unread: unread() }),
      'tracking.inbox': () => ok({ items, unread: unread() }),
      'tracking.markRead': () => {
        items = [inboxItem(1, 9), inboxItem(2)];
        return ok({ unread: unread(), changes: ['c1'] });
      },
    });
    vi.stubGlobal('window', { api: bridge });
    const state = new InboxState();
    const stop = state.start(bridge);
    await state.load();
    expect(await state.markRead([1])).toBeNull();
    bridge.emit('tracking.changed', changed(['c1']));
    await settle();
    expect(state.unread).toBe(1);
    expect(bridge.channels().filter((c) => c === 'tracking.inbox')).toHaveLength(1);
    // Another window reads the other item.
    items = [inboxItem(1, 9), inboxItem(2, 10)];
    bridge.emit('tracking.changed', changed(['c2']));
    await settle();
    expect(state.unread).toBe(0);
    expect(state.items.every((i) => i.readAt !== null)).toBe(true);
    // A play marked on another view: the inbox was not the one that applied it, so it reads again.
    bridge.emit('tracking.changed', changed(['m1'], { seriesIds: [5] }));
    await settle();
    expect(bridge.channels().filter((c) => c === 'tracking.inbox')).toHaveLength(3);
    // A closed inbox only counts again.
    state.reset();
    items = [inboxItem(3)];
    bridge.emit('tracking.changed', changed(['c3']));
    await settle();
    expect(state.unread).toBe(1);
    expect(state.items).toEqual([]);
    stop();
  });

  it('opens an episode’s series and a release’s film', () => {
    expect(inboxHref(inboxItem(3))).toBe('#/tv/103');
    expect(inboxHref({ ...inboxItem(3), kind: 'release' })).toBe('#/movie/103');
  });
});
