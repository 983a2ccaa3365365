import type { Locator, Page } from '@playwright/test';

export const sectionNames = [
  'Browse',
  'Search',
  'For you',
  'Up Next',
  'History',
  'Upcoming',
  'Captured',
  'Lists',
  'Stats',
  'Account',
  'Import & export',
  'Settings',
  'About',
] as const;
export type SectionName = (typeof sectionNames)[number];

/** A section's route id: `Up Next` → `upnext`, `Import & export` → `import`. */
export function sectionRoute(name: SectionName): string {
  if (name === 'Import & export') return 'import';
  return name.toLowerCase().replace(' ', '');
}

/** The app frame: navigation, main region, status bar. */
export class AppFrame {
  readonly nav: Locator;
  readonly main: Locator;
  readonly status: Locator;
  readonly skipLink: Locator;

  constructor(readonly page: Page) {
    this.nav = page.getByRole('navigation', { name: 'Sections' });
    this.main = page.getByRole('main');
    this.status = page.getByRole('status', { name: 'Status' });
    this.skipLink = page.getByRole('link', { name: 'Skip to main content' });
  }

  /** Opens the address the harness printed (its key goes to the bridge; the app opens). */
  async open(url: string): Promise<void> {
    await this.page.goto(url);
    await this.nav.waitFor();
  }

  link(name: SectionName): Locator {
    return this.nav.getByRole('link', { name, exact: true });
  }

  heading(): Locator {
    return this.main.getByRole('heading', { level: 1 });
  }

  async clickSection(name: SectionName): Promise<void> {
    await this.link(name).click();
  }

  /** Reaches the navigation the way a keyboard user does: one Shift+Tab back from the main region. */
  async focusNavigation(): Promise<void> {
    await this.main.focus();
    await this.page.keyboard.press('Shift+Tab');
  }
}
