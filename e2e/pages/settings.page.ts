import type { Locator, Page } from '@playwright/test';

/** The Settings screen: appearance, countries, departments and jobs. */
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
  }

  countryRow(englishName: string): Locator {
    return this.countryRows.filter({
      has: this.page.getByRole('cell', { name: englishName, exact: true }),
    });
  }

  themeChoice(label: 'Match the system' | 'Light' | 'Dark'): Locator {
    return this.page.getByRole('radio', { name: label });
  }
}
