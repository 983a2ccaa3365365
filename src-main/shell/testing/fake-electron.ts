import { EventEmitter } from 'node:events';

/**
 * Stand-ins for the Electron objects the shell touches, for unit tests: the Electron binary does
 * not exist on build machines, so tests replace the `electron` module with these (vi.mock) and
 * pass them to the shell's functions.
 */

/** An Electron-style event: records preventDefault. */
export class FakeEvent {
  defaultPrevented = false;
  constructor(readonly url = '') {}
  preventDefault(): void {
    this.defaultPrevented = true;
  }
}

export class FakeSession extends EventEmitter {
  requestHandler:
    | ((
        contents: unknown,
        permission: string,
        callback: (granted: boolean) => void,
        details: unknown,
      ) => void)
    | null = null;
  checkHandler:
    ((contents: unknown, permission: string, origin: string, details: unknown) => boolean) | null =
    null;
  deviceHandler: ((details: unknown) => boolean) | null = null;
  setPermissionRequestHandler(handler: FakeSession['requestHandler']): void {
    this.requestHandler = handler;
  }
  setPermissionCheckHandler(handler: FakeSession['checkHandler']): void {
    this.checkHandler = handler;
  }
  setDevicePermissionHandler(handler: FakeSession['deviceHandler']): void {
    this.deviceHandler = handler;
  }
}

export class FakeWebContents extends EventEmitter {
  readonly session = new FakeSession();
  readonly sent: { channel: string; payload: unknown }[] = [];
  destroyed = false;
  windowOpenHandler: ((details: { url: string }) => { action: string }) | undefined;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }
  send(channel: string, payload: unknown): void {
    this.sent.push({ channel, payload });
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  destroy(): void {
    this.destroyed = true;
    this.emit('destroyed');
  }
}

export class FakeBrowserWindow extends EventEmitter {
  static instances: FakeBrowserWindow[] = [];
  readonly webContents = new FakeWebContents();
  loadedUrl: string | undefined;
  shown = false;
  focused = false;
  minimized = false;
  constructor(readonly options: Record<string, unknown>) {
    super();
    FakeBrowserWindow.instances.push(this);
  }
  loadURL(url: string): Promise<void> {
    this.loadedUrl = url;
    return Promise.resolve();
  }
  show(): void {
    this.shown = true;
  }
  focus(): void {
    this.focused = true;
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  restore(): void {
    this.minimized = false;
  }
  isDestroyed(): boolean {
    return this.webContents.destroyed;
  }
  bounds = { x: 100, y: 80, width: 1280, height: 820 };
  maximized = false;
  overlays: { image: unknown; description: string }[] = [];
  getNormalBounds(): { x: number; y: number; width: number; height: number } {
    return { ...this.bounds };
  }
  isMaximized(): boolean {
    return this.maximized;
  }
  maximize(): void {
    this.maximized = true;
    this.emit('maximize');
  }
  setOverlayIcon(image: unknown, description: string): void {
    this.overlays.push({ image, description });
  }
}

export class FakeApp extends EventEmitter {
  lockAvailable = true;
  quitCalls = 0;
  exitCode: number | undefined;
  isPackaged = false;
  /** The dock/launcher badge; `badgeSupported` false plays a desktop without one. */
  badgeCounts: number[] = [];
  badgeSupported = true;
  setBadgeCount(count: number): boolean {
    if (!this.badgeSupported) return false;
    this.badgeCounts.push(count);
    return true;
  }
  #ready!: () => void;
  readonly #readyPromise = new Promise<void>((resolve) => {
    this.#ready = resolve;
  });
  requestSingleInstanceLock(): boolean {
    return this.lockAvailable;
  }
  /** Emulates the part of Electron's quit the shell relies on: `will-quit`, which a listener may hold back. */
  quit(): void {
    this.quitCalls += 1;
    const event = new FakeEvent();
    this.emit('will-quit', event);
  }
  exit(code: number): void {
    this.exitCode = code;
  }
  whenReady(): Promise<void> {
    return this.#readyPromise;
  }
  becomeReady(): void {
    this.#ready();
  }
  readonly paths = new Map<string, string>();
  getPath(name: string): string {
    return this.paths.get(name) ?? `/fake/${name}`;
  }
  setPath(name: string, path: string): void {
    this.paths.set(name, path);
  }
  getName(): string {
    return 'Marquee';
  }
  getVersion(): string {
    return '0.1.0';
  }
}

export class FakeIpcMain {
  readonly handlers = new Map<string, (event: unknown, ...args: unknown[]) => unknown>();
  readonly listeners: string[] = [];
  handle(channel: string, handler: (event: unknown, ...args: unknown[]) => unknown): void {
    if (this.handlers.has(channel))
      throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, handler);
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }
  on(channel: string): this {
    this.listeners.push(channel);
    return this;
  }
}

export class FakeProtocol {
  privileged: unknown[] = [];
  readonly handlers = new Map<string, (request: Request) => Promise<Response> | Response>();
  registerSchemesAsPrivileged(schemes: unknown[]): void {
    this.privileged.push(...schemes);
  }
  handle(scheme: string, handler: (request: Request) => Promise<Response> | Response): void {
    this.handlers.set(scheme, handler);
  }
}

export class FakeShell {
  readonly opened: string[] = [];
  openExternal(url: string): Promise<void> {
    this.opened.push(url);
    return Promise.resolve();
  }
}

export const fakeMenu = {
  applied: undefined as unknown,
  buildFromTemplate(template: unknown): unknown {
    return { template };
  },
  setApplicationMenu(menu: unknown): void {
    fakeMenu.applied = menu;
  },
};

/** A whole fake `electron` module, for `vi.mock('electron', …)`. */
export function fakeElectronModule(): Record<string, unknown> {
  return {
    app: new FakeApp(),
    BrowserWindow: FakeBrowserWindow,
    ipcMain: new FakeIpcMain(),
    Menu: fakeMenu,
    nativeTheme: { shouldUseDarkColors: false },
    protocol: new FakeProtocol(),
    safeStorage: { isEncryptionAvailable: () => false },
    shell: new FakeShell(),
    Notification: FakeNotification,
    dialog: new FakeDialog(),
    screen: fakeScreen(),
    nativeImage: { createFromBitmap: (bitmap: Buffer) => ({ bitmap }) },
    contextBridge: { exposeInMainWorld: () => undefined },
    ipcRenderer: new EventEmitter(),
  };
}

/** Electron's `screen`: one 1920×1080 display unless others are given. */
export function fakeScreen(
  workAreas: { x: number; y: number; width: number; height: number }[] = [
    { x: 0, y: 0, width: 1920, height: 1040 },
  ],
) {
  return {
    getAllDisplays: () => workAreas.map((workArea) => ({ workArea })),
    getPrimaryDisplay: () => ({
      workArea: workAreas[0] ?? { x: 0, y: 0, width: 1920, height: 1040 },
    }),
  };
}

/** Electron's Notification: records what was shown; `click()` plays the user's click. */
export class FakeNotification extends EventEmitter {
  static instances: FakeNotification[] = [];
  static supported = true;
  shown = false;
  constructor(readonly options: { title: string; body: string }) {
    super();
    FakeNotification.instances.push(this);
  }
  static isSupported(): boolean {
    return FakeNotification.supported;
  }
  show(): void {
    this.shown = true;
  }
  click(): void {
    this.emit('click');
  }
}

/** Electron's `dialog`: records each open dialog and answers what the test set (cancel by default). */
export class FakeDialog {
  readonly shown: { parent: unknown; options: unknown }[] = [];
  answer: { canceled: boolean; filePaths: string[] } = { canceled: true, filePaths: [] };
  showOpenDialog(
    parentOrOptions: unknown,
    maybeOptions?: unknown,
  ): Promise<{ canceled: boolean; filePaths: string[] }> {
    const withParent = maybeOptions !== undefined;
    this.shown.push({
      parent: withParent ? parentOrOptions : null,
      options: withParent ? maybeOptions : parentOrOptions,
    });
    return Promise.resolve(this.answer);
  }
}
