import type { Locator, Page } from '@playwright/test';

/** The Settings screen: token, content, appearance, cache, countries, departments and jobs. */
export class SettingsScreen {
  readonly heading: Locator;
  readonly countries: Locator;
  readonly countryRows: Locator;
  readonly countryCount: Locator;
  readonly countryFilter: Locator;
  readonly countriesError: Locator;
  readonly jobs: Locator;
  readonly departments: Locator;
  readonly retry: Locator;
  readonly token: Locator;
  readonly tokenInput: Locator;
  readonly tokenState: Locator;
  readonly saveToken: Locator;
  readonly tokenError: Locator;
  readonly language: Locator;
  readonly region: Locator;
  readonly includeAdult: Locator;
  readonly checkForUpdates: Locator;
  readonly cache: Locator;
  readonly clearCache: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { level: 1, name: 'Settings' });
    this.countries = main.getByRole('region', { name: 'Countries' });
    this.countryRows = this.countries.getByRole('row').filter({ has: page.getByRole('cell') });
    this.countryCount = this.countries.locator('.count');
    this.countryFilter = this.countries.getByRole('searchbox', { name: 'Filter countries' });
    this.countriesError = this.countries.getByRole('alert');
    this.jobs = main.getByRole('region', { name: 'Departments and jobs' });
    this.departments = this.jobs.locator('summary');
    this.retry = this.countries.getByRole('button', { name: /Retry/ });
    this.token = main.getByRole('region', { name: 'TMDB token' });
    this.tokenInput = this.token.locator('input[type="password"]');
    this.tokenState = this.token.locator('[data-token-state]');
    this.saveToken = this.token.getByRole('button', { name: /Save token|Checking/ });
    this.tokenError = this.token.getByRole('alert');
    this.language = main.getByRole('combobox', { name: 'Language' });
    this.region = main.getByRole('combobox', { name: 'Region' });
    this.includeAdult = main.getByRole('checkbox', { name: /Include adult/ });
    this.checkForUpdates = main
      .getByRole('region', { name: 'Updates' })
      .getByRole('checkbox', { name: 'Check for updates' });
    this.cache = main.getByRole('region', { name: 'Cache' });
    this.clearCache = this.cache.getByRole('button', { name: /Clear cache|Clearing/ });
  }

  countryRow(englishName: string): Locator {
    return this.countryRows.filter({
      has: this.page.getByRole('cell', { name: englishName, exact: true }),
    });
  }

  themeChoice(label: 'Match the system' | 'Light' | 'Dark'): Locator {
    return this.page.getByRole('radio', { name: label });
  }

  cacheValue(name: 'responses' | 'titles' | 'images'): Locator {
    return this.cache.locator(`[data-cache="${name}"]`);
  }
}
