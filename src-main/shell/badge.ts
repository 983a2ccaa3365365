import type { EventPayload } from '../../src-shared/ipc/contract';
import type { Logger } from '../base/log';

/**
 * The unread count of the new-episode inbox on the dock or taskbar: `app.setBadgeCount` on macOS
 * and on Linux desktops that show counts (Unity launcher API); on Windows a small red overlay on
 * the taskbar button, drawn here as a bitmap (no image files, no image library).
 */

/** A badge that shows a count (0 clears it). */
export type ShowBadge = (count: number) => void;

export interface BadgeDeps {
  events: {
    on(
      event: 'tracking.inbox',
      listener: (payload: EventPayload<'tracking.inbox'>) => void,
    ): () => void;
  };
  /** The inbox's unread count now. */
  unread: () => Promise<number>;
  show: ShowBadge;
  log: Logger;
}

export interface Badge {
  /** Reads the unread count again (after the start, a read mark, a new window). */
  refresh(): void;
  stop(): void;
}

/** Keeps the badge equal to the inbox's unread count; a failed read is logged, never thrown. */
export function installBadge(deps: BadgeDeps): Badge {
  let shown: number | undefined;
  let stopped = false;
  // A read count is always applied (a new window needs its overlay again); an event only when the
  // count changed.
  const set = (count: number, again = false): void => {
    const next = Math.max(0, Math.trunc(count));
    if (stopped || (next === shown && !again)) return;
    shown = next;
    try {
      deps.show(next);
    } catch (error) {
      deps.log.warn('shell.badge_failed', { error });
    }
  };
  const off = deps.events.on('tracking.inbox', ({ unread }) => {
    set(unread);
  });
  return {
    refresh: () => {
      deps
        .unread()
        .then((count) => {
          set(count, true);
        })
        .catch((error: unknown) => {
          deps.log.warn('shell.badge_failed', { error });
        });
    },
    stop: () => {
      stopped = true;
      off();
    },
  };
}

/** The part of a BrowserWindow the Windows overlay uses. */
export interface OverlayWindow {
  isDestroyed(): boolean;
  setOverlayIcon(overlay: unknown, description: string): void;
}

export interface PlatformBadgeDeps {
  platform: NodeJS.Platform;
  /** Electron's `app.setBadgeCount`: false where the desktop has no badge. */
  setBadgeCount: (count: number) => boolean;
  /** Electron's `nativeImage.createFromBitmap`. */
  createImage?: (bitmap: Buffer, size: { width: number; height: number }) => unknown;
  window: () => OverlayWindow | undefined;
  log: Logger;
}

export const OVERLAY_SIZE = 16;

/** The badge for this operating system. */
export function platformBadge(deps: PlatformBadgeDeps): ShowBadge {
  if (deps.platform === 'win32') {
    return (count) => {
      const window = deps.window();
      if (!window || window.isDestroyed() || !deps.createImage) return;
      if (count === 0) {
        window.setOverlayIcon(null, '');
        return;
      }
      const image = deps.createImage(overlayBitmap(count), {
        width: OVERLAY_SIZE,
        height: OVERLAY_SIZE,
      });
      window.setOverlayIcon(image, `${count} unread in your Marquee inbox`);
    };
  }
  let unsupported = false;
  return (count) => {
    if (!deps.setBadgeCount(count) && !unsupported) {
      unsupported = true;
      deps.log.info('shell.badge_unsupported', { platform: deps.platform });
    }
  };
}

// 3×5 digits, one string per row; "+" stands for ten or more.
const GLYPHS: Record<string, string[]> = {
  '1': ['.#.', '##.', '.#.', '.#.', '###'],
  '2': ['##.', '..#', '.#.', '#..', '###'],
  '3': ['##.', '..#', '.#.', '..#', '##.'],
  '4': ['#.#', '#.#', '###', '..#', '..#'],
  '5': ['###', '#..', '##.', '..#', '##.'],
  '6': ['.##', '#..', '###', '#.#', '###'],
  '7': ['###', '..#', '.#.', '.#.', '.#.'],
  '8': ['###', '#.#', '###', '#.#', '###'],
  '9': ['###', '#.#', '###', '..#', '##.'],
  '+': ['...', '.#.', '###', '.#.', '...'],
};

/**
 * A 16×16 BGRA bitmap: a red disc (edges smoothed) with the count in white, 1 to 9, or "+" for ten
 * or more (the overlay's description, read by screen readers, carries the exact number).
 */
export function overlayBitmap(count: number): Buffer {
  const size = OVERLAY_SIZE;
  const pixels = Buffer.alloc(size * size * 4);
  const centre = (size - 1) / 2;
  const radius = size / 2;
  const glyph = GLYPHS[count > 9 ? '+' : String(Math.max(1, Math.trunc(count)))] ?? [];
  const scale = 2;
  const left = Math.floor((size - 3 * scale) / 2);
  const top = Math.floor((size - 5 * scale) / 2);
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const distance = Math.hypot(x - centre, y - centre);
      const alpha = Math.min(1, Math.max(0, radius - distance));
      if (alpha === 0) continue;
      const gx = Math.floor((x - left) / scale);
      const gy = Math.floor((y - top) / scale);
      const ink = x >= left && y >= top && glyph[gy]?.[gx] === '#';
      const [r, g, b] = ink ? [255, 255, 255] : [229, 57, 53];
      const at = (y * size + x) * 4;
      // Premultiplied BGRA, as Electron's createFromBitmap expects.
      pixels[at] = Math.round(b * alpha);
      pixels[at + 1] = Math.round(g * alpha);
      pixels[at + 2] = Math.round(r * alpha);
      pixels[at + 3] = Math.round(255 * alpha);
    }
  }
  return pixels;
}
