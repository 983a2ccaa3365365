import { describe, expect, it } from 'vitest';
import { EventBus } from '../base/events';
import { memoryLogger } from '../base/testing/memory-logger';
import {
  installBadge,
  OVERLAY_SIZE,
  overlayBitmap,
  platformBadge,
  type OverlayWindow,
} from './badge';

const settle = () => new Promise((resolve) => setImmediate(resolve));

function setup(unread: () => Promise<number>) {
  const events = new EventBus();
  const shown: number[] = [];
  const log = memoryLogger();
  const badge = installBadge({ events, unread, show: (n) => shown.push(n), log });
  return { events, shown, log, badge };
}

describe('the inbox badge', () => {
  it('shows the unread count at start, follows new items and read marks, and skips repeated events', async () => {
    let unread = 3;
    const { events, shown, badge } = setup(() => Promise.resolve(unread));
    badge.refresh();
    await settle();
    events.emit('tracking.inbox', { unread: 5, items: [] });
    events.emit('tracking.inbox', { unread: 5, items: [] });
    unread = 0; // the user read everything
    badge.refresh();
    await settle();
    badge.refresh(); // a new window: applied again
    await settle();
    expect(shown).toEqual([3, 5, 0, 0]);
    badge.stop();
    events.emit('tracking.inbox', { unread: 9, items: [] });
    expect(shown).toEqual([3, 5, 0, 0]);
  });

  it('logs a failed read or a failing badge and never throws', async () => {
    const failing = setup(() => Promise.reject(new Error('library closed')));
    failing.badge.refresh();
    await settle();
    expect(failing.shown).toEqual([]);
    expect(failing.log.lines.join('\n')).toContain('shell.badge_failed');

    const events = new EventBus();
    const log = memoryLogger();
    installBadge({
      events,
      unread: () => Promise.resolve(0),
      show: () => {
        throw new Error('no taskbar');
      },
      log,
    });
    expect(() => {
      events.emit('tracking.inbox', { unread: 2, items: [] });
    }).not.toThrow();
    expect(log.lines.join('\n')).toContain('shell.badge_failed');
  });
});

class TaskbarWindow implements OverlayWindow {
  overlays: [unknown, string][] = [];
  isDestroyed(): boolean {
    return false;
  }
  setOverlayIcon(overlay: unknown, description: string): void {
    this.overlays.push([overlay, description]);
  }
}

describe('the badge on each system', () => {
  it('macOS and Linux set the app badge count; a desktop without badges is noted once', () => {
    const counts: number[] = [];
    const log = memoryLogger();
    const mac = platformBadge({
      platform: 'darwin',
      setBadgeCount: (n) => counts.push(n) > 0,
      window: () => undefined,
      log,
    });
    mac(4);
    mac(0);
    expect(counts).toEqual([4, 0]);
    const linux = platformBadge({
      platform: 'linux',
      setBadgeCount: () => false,
      window: () => undefined,
      log,
    });
    linux(1);
    linux(2);
    expect(log.lines.filter((l) => l.includes('shell.badge_unsupported'))).toHaveLength(1);
  });

  it('Windows draws an overlay on the taskbar button with the count, and clears it at zero', () => {
    const window = new TaskbarWindow();
    const images: { bitmap: Buffer; size: { width: number; height: number } }[] = [];
    const windows = platformBadge({
      platform: 'win32',
      setBadgeCount: () => {
        throw new Error('not used on Windows');
      },
      createImage: (bitmap, size) => {
        images.push({ bitmap, size });
        return `image ${images.length}`;
      },
      window: () => window,
      log: memoryLogger(),
    });
    windows(3);
    windows(0);
    expect(window.overlays).toEqual([
      ['image 1', '3 unread in your Marquee inbox'],
      [null, ''],
    ]);
    expect(images[0]?.size).toEqual({ width: OVERLAY_SIZE, height: OVERLAY_SIZE });
  });

  it('draws a red disc with a white figure, transparent corners, and a different figure per count', () => {
    const pixel = (bitmap: Buffer, x: number, y: number) => {
      const at = (y * OVERLAY_SIZE + x) * 4;
      return [bitmap[at + 2], bitmap[at + 1], bitmap[at], bitmap[at + 3]]; // RGBA
    };
    const one = overlayBitmap(1);
    expect(one).toHaveLength(OVERLAY_SIZE * OVERLAY_SIZE * 4);
    expect(pixel(one, 0, 0)[3]).toBe(0);
    expect(pixel(one, 2, 8)).toEqual([229, 57, 53, 255]);
    // The "1"'s stem, in the middle column of the glyph.
    expect(pixel(one, 7, 5)).toEqual([255, 255, 255, 255]);
    expect(overlayBitmap(8).equals(one)).toBe(false);
    expect(overlayBitmap(12).equals(overlayBitmap(40))).toBe(true);
  });
});
