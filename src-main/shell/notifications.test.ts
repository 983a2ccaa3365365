import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InboxItemView } from '../../src-shared/ipc/contract';
import { EventBus } from '../base/events';
import { memoryLogger } from '../base/testing/memory-logger';
import { installNotifications, MAX_SEPARATE, type NotifiedWindow } from './notifications';
import { FakeNotification } from './testing/fake-electron';

vi.mock('electron', async () => (await import('./testing/fake-electron')).fakeElectronModule());

/** Lets queued promise callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

function item(id: number, kind: InboxItemView['kind'] = 'episode'): InboxItemView {
  return {
    id,
    kind,
    mediaId: 1000 + id,
    season: kind === 'episode' ? 1 : null,
    episode: kind === 'episode' ? id : null,
    releaseType: kind === 'release' ? 3 : null,
    title: `Item ${id}`,
    body: `Body ${id}`,
    occurredAt: '2026-11-22',
    createdAt: 1,
    readAt: null,
  };
}

class Window implements NotifiedWindow {
  minimized = true;
  shown = false;
  focused = false;
  readonly scripts: string[] = [];
  readonly webContents = {
    executeJavaScript: (code: string): Promise<unknown> => {
      this.scripts.push(code);
      return Promise.resolve(undefined);
    },
  };
  isDestroyed(): boolean {
    return false;
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  restore(): void {
    this.minimized = false;
  }
  show(): void {
    this.shown = true;
  }
  focus(): void {
    this.focused = true;
  }
}

function setup(
  enabled: boolean,
  markShown?: (ids: readonly number[]) => Promise<void>,
  platform: NodeJS.Platform = 'darwin',
) {
  const events = new EventBus();
  const window = new Window();
  const shown: number[][] = [];
  const log = memoryLogger();
  const stop = installNotifications({
    events,
    factory: {
      isSupported: () => FakeNotification.isSupported(),
      create: (options) => new FakeNotification(options),
    },
    enabled: () => Promise.resolve(enabled),
    window: () => window,
    markShown:
      markShown ??
      ((ids) => {
        shown.push([...ids]);
        return Promise.resolve();
      }),
    log,
    platform,
  });
  return { events, window, stop, shown, log };
}

afterEach(() => {
  FakeNotification.instances = [];
  FakeNotification.supported = true;
});

describe('OS notifications for new inbox items', () => {
  it('shows one notification per new item when the user opted in', async () => {
    const { events } = setup(true);
    events.emit('tracking.inbox', { unread: 2, items: [item(1), item(2, 'release')] });
    await settle();
    expect(FakeNotification.instances.map((n) => [n.options.title, n.shown])).toEqual([
      ['Item 1', true],
      ['Item 2', true],
    ]);
  });

  it('shows nothing when the setting is off, or the system has no notifications', async () => {
    const off = setup(false);
    off.events.emit('tracking.inbox', { unread: 1, items: [item(1)] });
    await settle();
    expect(FakeNotification.instances).toHaveLength(0);

    FakeNotification.supported = false;
    const unsupported = setup(true);
    unsupported.events.emit('tracking.inbox', { unread: 1, items: [item(1)] });
    await settle();
    expect(FakeNotification.instances).toHaveLength(0);
  });

  it('sums a burst up in one notification that opens the inbox', async () => {
    const { events, window } = setup(true);
    const items = Array.from({ length: MAX_SEPARATE + 2 }, (_, i) => item(i + 1));
    events.emit('tracking.inbox', { unread: items.length, items });
    await settle();
    expect(FakeNotification.instances).toHaveLength(1);
    expect(FakeNotification.instances[0]?.options.title).toBe('5 new in your Marquee inbox');
    FakeNotification.instances[0]?.click();
    expect(window.scripts).toEqual(['location.hash = "#/inbox";']);
  });

  it('a click brings the window forward and opens the series or the film', async () => {
    const { events, window } = setup(true);
    events.emit('tracking.inbox', { unread: 2, items: [item(4), item(7, 'release')] });
    await settle();
    FakeNotification.instances[0]?.click();
    expect(window).toMatchObject({ minimized: false, shown: true, focused: true });
    FakeNotification.instances[1]?.click();
    expect(window.scripts).toEqual([
      'location.hash = "#/tv/1004";',
      'location.hash = "#/movie/1007";',
    ]);
  });

  it('announces an arrival ("Arrival is now on Netflix") and opens its film or series', async () => {
    const { events, window } = setup(true);
    const arrival = (id: number, mediaType: 'movie' | 'tv'): InboxItemView => ({
      ...item(id, 'arrival'),
      title: 'Arrival',
      body: 'is now on Netflix',
      mediaType,
    });
    events.emit('tracking.inbox', { unread: 2, items: [arrival(5, 'movie'), arrival(6, 'tv')] });
    await settle();
    expect(FakeNotification.instances.map((n) => `${n.options.title} ${n.options.body}`)).toEqual([
      'Arrival is now on Netflix',
      'Arrival is now on Netflix',
    ]);
    FakeNotification.instances[0]?.click();
    FakeNotification.instances[1]?.click();
    expect(window.scripts).toEqual([
      'location.hash = "#/movie/1005";',
      'location.hash = "#/tv/1006";',
    ]);
  });

  it('records the shown items as OS-notified, the summary for all it stands for', async () => {
    const few = setup(true);
    few.events.emit('tracking.inbox', { unread: 2, items: [item(1), item(2, 'release')] });
    await settle();
    expect(few.shown).toEqual([[1, 2]]);

    const burst = setup(true);
    const items = Array.from({ length: MAX_SEPARATE + 2 }, (_, i) => item(i + 1));
    burst.events.emit('tracking.inbox', { unread: items.length, items });
    await settle();
    expect(burst.shown).toEqual([[1, 2, 3, 4, 5]]);
  });

  it('records nothing when nothing was shown, and logs a failed record without throwing', async () => {
    const off = setup(false);
    off.events.emit('tracking.inbox', { unread: 1, items: [item(1)] });
    await settle();
    expect(off.shown).toEqual([]);

    const failing = setup(true, () => Promise.reject(new Error('database is locked')));
    failing.events.emit('tracking.inbox', { unread: 1, items: [item(9)] });
    await settle();
    expect(FakeNotification.instances.at(-1)?.shown).toBe(true);
    expect(failing.log.lines.join('\n')).toContain('shell.notifications_failed');
  });

  it('stops listening when uninstalled, and ignores an empty batch', async () => {
    const { events, stop } = setup(true);
    events.emit('tracking.inbox', { unread: 0, items: [] });
    stop();
    events.emit('tracking.inbox', { unread: 1, items: [item(1)] });
    await settle();
    expect(FakeNotification.instances).toHaveLength(0);
  });
  it('shows hostile text plain and bounded, with markup as text where the system reads it', async () => {
    const hostile: InboxItemView = {
      ...item(1),
      title: `Evil\u202E${'T'.repeat(3_019)}`,
      body: `S01E01 “gnp.exe\u202E\n<b>x</b> & <a href="http://x">y</a>\u0000${'b'.repeat(10_149)}”`,
    };
    for (const platform of ['darwin', 'linux'] as const) {
      const { events } = setup(true, undefined, platform);
      events.emit('tracking.inbox', { unread: 1, items: [hostile] });
      await settle();
    }
    const [mac, linux] = FakeNotification.instances.map((n) => n.options);
    expect(mac?.title).toHaveLength(200);
    expect(mac?.title.startsWith('EvilTTT')).toBe(true);
    expect(mac?.body).toHaveLength(500);
    expect(mac?.body.startsWith('S01E01 “gnp.exe <b>x</b> & <a href="http://x">y</a>bbb')).toBe(
      true,
    );
    expect(linux?.title).toBe(mac?.title);
    expect(linux?.body.startsWith('S01E01 “gnp.exe &lt;b&gt;x&lt;/b&gt; &amp; &lt;a href=')).toBe(
      true,
    );
    for (const n of [mac, linux])
      // eslint-disable-next-line no-control-regex
      expect(`${n?.title}${n?.body}`).not.toMatch(/[\u0000-\u001f\u202a-\u202e]/);
  });
});
