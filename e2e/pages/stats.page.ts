import type { Locator, Page } from '@playwright/test';

/** One chart: its figure, its data points (by accessible label) and its table. */
export class ChartPanel {
  readonly figure: Locator;
  /** Focusable data points: columns, bars or dots, each named with its numbers. */
  readonly points: Locator;
  readonly tableToggle: Locator;
  readonly table: Locator;
  readonly summary: Locator;

  constructor(main: Locator, title: string) {
    this.figure = main.locator(`figure[data-chart="${title}"]`);
    this.points = this.figure.locator('[data-point]');
    this.tableToggle = this.figure.getByRole('button', { name: 'Table' });
    this.table = this.figure.getByRole('table');
    this.summary = this.figure.locator('figcaption p');
  }

  /** Every data point's accessible label, in order. */
  async pointLabels(): Promise<string[]> {
    return this.points.evaluateAll((nodes) =>
      nodes.map((node) => node.getAttribute('aria-label') ?? ''),
    );
  }

  /** The table's body rows, each as its cells' text (the row heading first). */
  async tableRows(): Promise<string[][]> {
    await this.table.waitFor();
    return this.table
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.map((row) =>
          [...row.querySelectorAll('th, td')].map((cell) => cell.textContent.trim()),
        ),
      );
  }
}

/** Stats: filters, big numbers, charts, people, and links to each year in review. */
export class StatsScreen {
  readonly main: Locator;
  readonly heading: Locator;
  readonly emptyTitle: Locator;
  readonly coverageNotice: Locator;
  readonly years: Locator;
  readonly people: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.heading = this.main.getByRole('heading', { level: 1, name: 'Stats' });
    this.emptyTitle = this.main.getByRole('heading', { level: 2, name: 'No watch history yet' });
    this.coverageNotice = this.main.locator('[data-coverage]');
    this.years = this.main.getByRole('navigation', { name: 'Years in review' }).getByRole('link');
    this.people = this.main.locator('[data-person]');
  }

  chart(title: string): ChartPanel {
    return new ChartPanel(this.main, title);
  }

  number(label: string): Locator {
    return this.main.locator(`[data-number="${label}"] dd`);
  }

  filter(name: 'Films & series' | 'Films' | 'Series'): Locator {
    return this.main.getByRole('radio', { name, exact: true });
  }

  async open(): Promise<void> {
    await this.page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Stats' })
      .click();
    await this.heading.waitFor();
  }
}

/** One year in review. */
export class YearReviewScreen {
  readonly main: Locator;
  readonly saveImage: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.saveImage = this.main.getByRole('button', { name: 'Save as image (.png)' });
  }

  heading(year: number): Locator {
    return this.main.getByRole('heading', { level: 1, name: `${year} in review` });
  }

  chart(title: string): ChartPanel {
    return new ChartPanel(this.main, title);
  }
}
