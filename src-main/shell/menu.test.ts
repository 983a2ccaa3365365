import { describe, expect, it, vi } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { menuTemplate } from './menu';

vi.mock('electron', async () => (await import('./testing/fake-electron')).fakeElectronModule());

const roles = (items: MenuItemConstructorOptions[]): string[] =>
  items.flatMap((item) => [
    ...(item.role ? [item.role] : []),
    ...(Array.isArray(item.submenu) ? roles(item.submenu) : []),
  ]);

describe('application menu', () => {
  it('has no developer tools or reload in an installed build', () => {
    const all = roles(menuTemplate({ appName: 'Marquee', isMac: false, isDev: false }));
    expect(all).not.toContain('toggleDevTools');
    expect(all).not.toContain('reload');
    expect(all).not.toContain('forceReload');
  });

  it('offers the developer tools while developing', () => {
    expect(roles(menuTemplate({ appName: 'Marquee', isMac: false, isDev: true }))).toContain(
      'toggleDevTools',
    );
  });

  it('keeps copy and paste working through the edit menu', () => {
    expect(roles(menuTemplate({ appName: 'Marquee', isMac: false, isDev: false }))).toContain(
      'editMenu',
    );
  });

  it('uses the macOS app menu only on macOS', () => {
    expect(roles(menuTemplate({ appName: 'Marquee', isMac: true, isDev: false }))).toContain(
      'appMenu',
    );
    expect(roles(menuTemplate({ appName: 'Marquee', isMac: false, isDev: false }))).not.toContain(
      'appMenu',
    );
  });
});
