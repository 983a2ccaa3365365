import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memoryLogger } from '../base/testing/memory-logger';
import {
  DEFAULT_SIZE,
  loadWindowState,
  restoreWindowState,
  trackWindowState,
  type DisplaySource,
  type Rect,
  type SavedWindowState,
} from './window-state';

const laptop: Rect = { x: 0, y: 25, width: 1440, height: 875 };
const external: Rect = { x: 1440, y: 0, width: 2560, height: 1440 };
const screens = (...areas: Rect[]): DisplaySource => ({
  getAllDisplays: () => areas.map((workArea) => ({ workArea })),
  getPrimaryDisplay: () => ({ workArea: areas[0] ?? laptop }),
});
const saved = (bounds: Rect, maximized = false): SavedWindowState => ({ bounds, maximized });

describe('restoring the window', () => {
  it('opens at the default size, centred, the first time', () => {
    expect(restoreWindowState(undefined, screens(laptop))).toEqual({
      bounds: DEFAULT_SIZE,
      maximized: false,
    });
  });

  it('puts the window back where it was, maximised or not, when that display is still there', () => {
    const bounds = { x: 1600, y: 100, width: 1500, height: 900 };
    expect(restoreWindowState(saved(bounds, true), screens(laptop, external))).toEqual({
      bounds,
      maximized: true,
    });
  });

  it('brings a window from a display that is gone back to the primary one, centred and shrunk to fit', () => {
    const restored = restoreWindowState(
      saved({ x: 1600, y: 100, width: 2000, height: 1200 }),
      screens(laptop),
    );
    expect(restored.bounds).toEqual({ x: 0, y: 25, width: 1440, height: 875 });
    const small = restoreWindowState(
      saved({ x: 3000, y: 200, width: 1000, height: 700 }),
      screens(laptop),
    );
    expect(small.bounds).toEqual({ x: 220, y: 113, width: 1000, height: 700 });
  });

  it('moves a window hanging off an edge inside the work area of the display it overlaps most', () => {
    const restored = restoreWindowState(
      saved({ x: 1100, y: -300, width: 1000, height: 700 }),
      screens(laptop, external),
    );
    // 1100..2100 overlaps the external display more (660 px) than the laptop (340 px).
    expect(restored.bounds).toEqual({ x: 1440, y: 0, width: 1000, height: 700 });
  });

  it('keeps the minimum size unless the display is smaller than that', () => {
    expect(
      restoreWindowState(saved({ x: 10, y: 40, width: 300, height: 200 }), screens(laptop)).bounds,
    ).toEqual({ x: 10, y: 40, width: 880, height: 560 });
    const tiny = { x: 0, y: 0, width: 800, height: 500 };
    expect(
      restoreWindowState(saved({ x: 0, y: 0, width: 1280, height: 820 }), screens(tiny)).bounds,
    ).toEqual({ x: 0, y: 0, width: 800, height: 500 });
  });
});

class Window extends EventEmitter {
  bounds: Rect = { x: 10, y: 20, width: 1000, height: 700 };
  maximized = false;
  destroyed = false;
  getNormalBounds(): Rect {
    return { ...this.bounds };
  }
  isMaximized(): boolean {
    return this.maximized;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
}

describe('saving the window state', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-window-'));
    file = path.join(dir, 'window-state.json');
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes the normal bounds and the maximised flag, and reads them back', async () => {
    const window = new Window();
    const log = memoryLogger();
    const tracker = trackWindowState(window, { file, log, delayMs: 10_000 });
    window.bounds = { x: 50, y: 60, width: 1100, height: 750 };
    window.emit('resize');
    window.maximized = true;
    window.emit('maximize');
    await tracker.flush();
    expect(loadWindowState(file, log)).toEqual({
      bounds: { x: 50, y: 60, width: 1100, height: 750 },
      maximized: true,
    });
    window.maximized = false;
    window.bounds = { x: 70, y: 80, width: 900, height: 600 };
    window.emit('move');
    await tracker.flush();
    expect(loadWindowState(file, log)?.bounds).toEqual(window.bounds);
  });

  it('ignores a damaged or missing file (defaults, a log line) and replaces it on the next save', async () => {
    const log = memoryLogger();
    expect(loadWindowState(file, log)).toBeUndefined();
    expect(log.lines).toEqual([]);
    for (const damaged of [
      '{"bounds":{"x":1',
      '{"bounds":{"x":0,"y":0,"width":-5,"height":10},"maximized":false}',
      '{"bounds":{"x":"left","y":0,"width":5,"height":10},"maximized":false}',
      'null',
    ]) {
      fs.writeFileSync(file, damaged);
      expect(loadWindowState(file, log)).toBeUndefined();
    }
    expect(log.lines.filter((l) => l.includes('window_state.damaged'))).toHaveLength(4);
    const tracker = trackWindowState(new Window(), { file, log });
    const window = new Window();
    const second = trackWindowState(window, { file, log });
    window.emit('close');
    await Promise.all([tracker.flush(), second.flush()]);
    expect(loadWindowState(file, log)?.bounds).toEqual(window.bounds);
  });

  it('logs a failed write and keeps going', async () => {
    const log = memoryLogger();
    const window = new Window();
    const tracker = trackWindowState(window, {
      file: path.join(dir, 'missing-folder', 'window-state.json'),
      log,
    });
    window.emit('close');
    await tracker.flush();
    expect(log.lines.join('\n')).toContain('window_state.save_failed');
  });
});
