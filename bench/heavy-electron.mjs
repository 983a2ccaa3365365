/**
 * The `electron` module as the main bundle sees it when the bundle probe loads it in plain Node:
 * a bottomless stand-in where every property is a function that answers another stand-in, except
 * what the shell reads as values (the app's name, version and paths; no encryption; one screen).
 * The app is ready at once, so nothing of Electron's own start-up is in what the probe measures.
 * The first page a window is asked to load is noted, with the time: that is "ready". Plain
 * JavaScript, so the probe loads the bundle in plain Node, without a TypeScript loader's own cost.
 */

/** When a window was first asked for its page (performance.now()), or null. */
export const windowAsked = { at: null, url: null };

const paths = new Map();
const screenArea = { x: 0, y: 0, width: 1920, height: 1040 };

/** Values the shell reads rather than calls, by path ("app.getName"). */
const answers = {
  'app.getName': () => 'Marquee',
  'app.getVersion': () => '0.1.0',
  'app.getPath': (name) => paths.get(String(name)) ?? `/tmp/marquee-probe-${String(name)}`,
  'app.setPath': (name, value) => paths.set(String(name), String(value)),
  'app.requestSingleInstanceLock': () => true,
  'app.whenReady': () => Promise.resolve(),
  'safeStorage.isEncryptionAvailable': () => false,
  'screen.getAllDisplays': () => [{ workArea: screenArea }],
  'screen.getPrimaryDisplay': () => ({ workArea: screenArea }),
  'Notification.isSupported': () => false,
  'BrowserWindow.loadURL': (url) => {
    if (windowAsked.at === null) {
      windowAsked.at = performance.now();
      windowAsked.url = String(url);
    }
    return Promise.resolve();
  },
};
/** Read as values, not called. */
const values = {
  'app.isPackaged': false,
  'nativeTheme.shouldUseDarkColors': false,
};

function standIn(name) {
  const target = function standInFunction() {
    // Called through the proxy's apply trap.
  };
  return new Proxy(target, {
    get(_t, key) {
      // Never a thenable: `await standIn` gives the stand-in itself.
      if (key === 'then' || typeof key === 'symbol') return undefined;
      const path = `${name.split('.')[0] ?? name}.${key}`;
      if (path in values) return values[path];
      return standIn(path);
    },
    apply(_t, _this, args) {
      const answer = answers[name];
      return answer ? answer(...args) : standIn(name);
    },
    construct() {
      return standIn(name);
    },
  });
}

export const app = standIn('app');
export const BrowserWindow = standIn('BrowserWindow');
export const dialog = standIn('dialog');
export const ipcMain = standIn('ipcMain');
export const Menu = standIn('Menu');
export const nativeImage = standIn('nativeImage');
export const nativeTheme = standIn('nativeTheme');
export const Notification = standIn('Notification');
export const protocol = standIn('protocol');
export const safeStorage = standIn('safeStorage');
export const screen = standIn('screen');
export const shell = standIn('shell');
