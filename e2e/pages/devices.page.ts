import type { Locator, Page } from '@playwright/test';

/** Settings → Sync across computers: the set-up form while off, the status and computers while on. */
export class DevicesPanel {
  readonly panel: Locator;
  readonly passphrase: Locator;
  readonly showPassphrase: Locator;
  readonly name: Locator;
  readonly folder: Locator;
  readonly chooseFolder: Locator;
  readonly start: Locator;
  readonly failure: Locator;
  readonly status: Locator;
  readonly folderShown: Locator;
  readonly peers: Locator;
  /** The files left out, behind the status line's Details toggle. */
  readonly problems: Locator;
  readonly rename: Locator;
  readonly syncNow: Locator;
  readonly stop: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByRole('main').getByRole('region', { name: 'Sync across computers' });
    this.passphrase = this.panel.getByLabel('Passphrase', { exact: true });
    this.showPassphrase = this.panel.getByRole('button', { name: 'Show the passphrase' });
    this.name = this.panel.getByLabel('This computer’s name', { exact: true });
    this.folder = this.panel.getByLabel('Sync folder', { exact: true });
    this.chooseFolder = this.panel.getByRole('button', { name: /^Choose a folder/ });
    this.start = this.panel.getByRole('button', { name: /^(Start syncing|Setting up…)$/ });
    this.failure = this.panel.getByRole('alert');
    this.status = this.panel.locator('[data-devices-status]');
    this.folderShown = this.panel.locator('[data-devices-folder]');
    this.peers = this.panel.getByRole('list', { name: 'Other computers' }).getByRole('listitem');
    this.problems = this.panel.getByRole('list', { name: 'Files left out' }).getByRole('listitem');
    this.rename = this.panel.getByRole('button', { name: /^(Rename|Renaming…)$/ });
    this.syncNow = this.panel.getByRole('button', { name: /^(Sync now|Syncing…)$/ });
    this.stop = this.panel.getByRole('button', { name: 'Stop syncing' });
    this.dialog = page.getByRole('alertdialog');
  }

  async open(): Promise<void> {
    await this.page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Settings', exact: true })
      .click();
    await this.panel.waitFor();
  }

  peer(name: string): Locator {
    return this.peers.filter({ hasText: name });
  }

  /** Fills the form and starts syncing through a typed folder path. */
  async setUp(folder: string, passphrase: string, name: string): Promise<void> {
    await this.passphrase.fill(passphrase);
    await this.name.fill(name);
    await this.folder.fill(folder);
    await this.start.click();
  }
}
