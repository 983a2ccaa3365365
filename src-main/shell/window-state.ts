import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Logger } from '../base/log';
import { writeFileAtomic } from '../base/atomic-write';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What is kept between runs: the window's normal (not maximised) bounds, and whether it was maximised. */
export interface SavedWindowState {
  bounds: Rect;
  maximized: boolean;
}

/** Where the window opens: no x/y means centred by the system. */
export interface RestoredWindowState {
  bounds: { x?: number; y?: number; width: number; height: number };
  maximized: boolean;
}

/** The part of Electron's `screen` the restore reads (only after the app is ready). */
export interface DisplaySource {
  getAllDisplays(): { workArea: Rect }[];
  getPrimaryDisplay(): { workArea: Rect };
}

export const DEFAULT_SIZE = { width: 1280, height: 820 } as const;
export const MIN_SIZE = { width: 880, height: 560 } as const;
export const WINDOW_STATE_FILE = 'window-state.json';

const finite = z.number();
// z.number() refuses NaN and ±Infinity.
const savedSchema = z.object({
  bounds: z.object({
    x: finite,
    y: finite,
    width: finite.positive(),
    height: finite.positive(),
  }),
  maximized: z.boolean(),
});

/** Reads the saved state; a missing file is a first start, a damaged one is logged and ignored. */
export function loadWindowState(file: string, log: Logger): SavedWindowState | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const parsed = savedSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON: reported below.
  }
  log.warn('window_state.damaged', { file: path.basename(file) });
  return undefined;
}

const overlap = (a: Rect, b: Rect): number =>
  Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)) *
  Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));

const clamp = (value: number, low: number, high: number): number =>
  Math.min(Math.max(value, low), Math.max(low, high));

/**
 * The saved bounds fitted to the displays that exist now: on the display the window overlaps most,
 * no larger than its work area (and no smaller than the minimum the work area allows), moved
 * inside it. A window whose display is gone comes back centred on the primary display.
 */
export function restoreWindowState(
  saved: SavedWindowState | undefined,
  screen: DisplaySource,
): RestoredWindowState {
  const primary = screen.getPrimaryDisplay().workArea;
  const fit = (width: number, height: number, area: Rect) => ({
    width: Math.round(clamp(width, Math.min(MIN_SIZE.width, area.width), area.width)),
    height: Math.round(clamp(height, Math.min(MIN_SIZE.height, area.height), area.height)),
  });
  if (!saved)
    return { bounds: fit(DEFAULT_SIZE.width, DEFAULT_SIZE.height, primary), maximized: false };

  let best: Rect | undefined;
  let bestOverlap = 0;
  for (const { workArea } of screen.getAllDisplays()) {
    const area = overlap(saved.bounds, workArea);
    if (area > bestOverlap) {
      best = workArea;
      bestOverlap = area;
    }
  }
  const area = best ?? primary;
  const size = fit(saved.bounds.width, saved.bounds.height, area);
  const x = best
    ? clamp(saved.bounds.x, area.x, area.x + area.width - size.width)
    : area.x + (area.width - size.width) / 2;
  const y = best
    ? clamp(saved.bounds.y, area.y, area.y + area.height - size.height)
    : area.y + (area.height - size.height) / 2;
  return { bounds: { x: Math.round(x), y: Math.round(y), ...size }, maximized: saved.maximized };
}

/** The part of a BrowserWindow whose state is kept. */
export interface TrackedWindow {
  on(event: 'resize' | 'move' | 'maximize' | 'unmaximize' | 'close', listener: () => void): unknown;
  getNormalBounds(): Rect;
  isMaximized(): boolean;
  isDestroyed(): boolean;
}

export interface WindowStateTracker {
  /** Resolves once the last change is on disk. */
  flush(): Promise<void>;
}

/**
 * Saves the window's state (atomically, in the data folder) a moment after it is moved or resized,
 * and at once when it closes. A failed write is logged; the window is never affected.
 */
export function trackWindowState(
  window: TrackedWindow,
  options: { file: string; log: Logger; delayMs?: number },
): WindowStateTracker {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let writing: Promise<void> = Promise.resolve();
  let last = '';

  const save = (): void => {
    clearTimeout(timer);
    timer = undefined;
    if (window.isDestroyed()) return;
    const state: SavedWindowState = {
      bounds: window.getNormalBounds(),
      maximized: window.isMaximized(),
    };
    const text = `${JSON.stringify(state)}\n`;
    if (text === last) return;
    last = text;
    writing = writing
      .then(() => writeFileAtomic(options.file, text))
      .catch((error: unknown) => {
        last = '';
        options.log.warn('window_state.save_failed', { error });
      });
  };
  const later = (): void => {
    clearTimeout(timer);
    timer = setTimeout(save, options.delayMs ?? 500);
  };
  for (const event of ['resize', 'move'] as const) window.on(event, later);
  for (const event of ['maximize', 'unmaximize', 'close'] as const) window.on(event, save);
  return {
    flush: async () => {
      if (timer !== undefined) save();
      await writing;
    },
  };
}
