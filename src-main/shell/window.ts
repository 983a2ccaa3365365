import type { BrowserWindow, BrowserWindowConstructorOptions, NativeTheme } from 'electron';
import type { Logger } from '../base/log';
import { APP_ENTRY_URL } from './origin';
import { DEFAULT_SIZE, MIN_SIZE, type RestoredWindowState } from './window-state';

/** The window's background before the page paints; matches the renderer's light and dark themes. */
export const BACKGROUND = { dark: '#141418', light: '#f7f7fa' } as const;

export interface WindowOptionsInput {
  preloadPath: string;
  dark: boolean;
  iconPath?: string;
  /** The restored size and position (window-state.ts); the default size, centred, without it. */
  bounds?: RestoredWindowState['bounds'];
}

/**
 * The main window's options. Every webPreferences flag that matters for security is spelled
 * out, even where it equals Electron's default, so a changed default cannot weaken Marquee and
 * the tests can assert each one (Electron security checklist points 2-4, 6, 8-10).
 */
export function windowOptions(input: WindowOptionsInput): BrowserWindowConstructorOptions {
  return {
    ...(input.bounds ?? DEFAULT_SIZE),
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    title: 'Marquee',
    // Shown on `ready-to-show`, so the user never sees an empty white frame.
    show: false,
    backgroundColor: input.dark ? BACKGROUND.dark : BACKGROUND.light,
    ...(input.iconPath ? { icon: input.iconPath } : {}),
    webPreferences: {
      preload: input.preloadPath,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      spellcheck: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      // enableBlinkFeatures is deliberately left unset.
    },
  };
}

export interface CreateWindowDeps {
  BrowserWindow: typeof BrowserWindow;
  nativeTheme: Pick<NativeTheme, 'shouldUseDarkColors'>;
  preloadPath: string;
  iconPath?: string;
  /** Where and how the window was last left. */
  state?: RestoredWindowState;
  log: Logger;
}

/** Creates the main window, shows it once it has painted, and loads Marquee's page. */
export function createMainWindow(deps: CreateWindowDeps): BrowserWindow {
  const window = new deps.BrowserWindow(
    windowOptions({
      preloadPath: deps.preloadPath,
      dark: deps.nativeTheme.shouldUseDarkColors,
      ...(deps.iconPath ? { iconPath: deps.iconPath } : {}),
      ...(deps.state ? { bounds: deps.state.bounds } : {}),
    }),
  );
  window.once('ready-to-show', () => {
    if (deps.state?.maximized) window.maximize();
    window.show();
  });
  window.loadURL(APP_ENTRY_URL).catch((error: unknown) => {
    deps.log.error('window.load_failed', { url: APP_ENTRY_URL, error });
  });
  return window;
}
