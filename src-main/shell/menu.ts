import type { Menu, MenuItemConstructorOptions } from 'electron';

export interface MenuOptions {
  appName: string;
  isMac: boolean;
  /** Unpackaged builds get reload and the developer tools; installed builds do not. */
  isDev: boolean;
}

/** A minimal menu: standard edit and window roles, zoom, and developer items only in development. */
export function menuTemplate(options: MenuOptions): MenuItemConstructorOptions[] {
  const view: MenuItemConstructorOptions[] = [
    ...(options.isDev
      ? ([{ role: 'reload' }, { role: 'toggleDevTools' }, { type: 'separator' }] as const)
      : []),
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ];
  return [
    ...(options.isMac ? [{ label: options.appName, role: 'appMenu' } as const] : []),
    options.isMac ? { role: 'fileMenu' } : { label: 'File', submenu: [{ role: 'quit' }] },
    { role: 'editMenu' },
    { label: 'View', submenu: view },
    { role: 'windowMenu' },
  ];
}

export function installMenu(
  menu: Pick<typeof Menu, 'buildFromTemplate' | 'setApplicationMenu'>,
  options: MenuOptions,
): void {
  menu.setApplicationMenu(menu.buildFromTemplate(menuTemplate(options)));
}
