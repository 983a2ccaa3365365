import type { Locator, Page } from '@playwright/test';

/** Import & export: the import steps, the preview, backup and exports, recent imports. */
export class ImportScreen {
  readonly main: Locator;
  readonly heading: Locator;
  /** The first step's "Choose a file…" button. */
  readonly chooseFile: Locator;
  /** The main "Choose a file…" upload of the first step (browser harness). */
  readonly fileInput: Locator;
  /** The backup panel's "Restore from backup…" upload. */
  readonly restoreInput: Locator;
  readonly samples: Locator;
  readonly progress: Locator;
  readonly preview: Locator;
  readonly counts: Locator;
  readonly nothingNew: Locator;
  readonly ratingConversion: Locator;
  readonly problems: Locator;
  readonly reviewRows: Locator;
  readonly restorePlan: Locator;
  readonly applyButton: Locator;
  readonly cancelButton: Locator;
  readonly result: Locator;
  readonly resultHeading: Locator;
  readonly error: Locator;
  readonly startOver: Locator;
  readonly exportBackup: Locator;
  readonly recentJobs: Locator;
  /** The list to export, in the export panel. */
  readonly listChoice: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.heading = this.main.getByRole('heading', { level: 1, name: 'Import & export' });
    this.chooseFile = this.main.getByRole('button', { name: 'Choose a file…' });
    this.fileInput = this.main.locator('input[type="file"][aria-label="Choose a file…"]');
    this.restoreInput = this.main.locator('input[type="file"][aria-label="Restore from backup…"]');
    this.samples = this.main.locator('[data-sample]');
    this.progress = this.main.locator('[data-import-progress]');
    this.preview = this.main.locator('[data-import-preview]');
    this.counts = this.preview.getByRole('list', { name: 'What the file holds' });
    this.nothingNew = this.main.locator('[data-nothing-new]');
    this.ratingConversion = this.main.locator('[data-rating-conversion]');
    this.problems = this.main.locator('[data-problems]');
    this.reviewRows = this.main.locator('[data-review-row]');
    this.restorePlan = this.main.locator('[data-restore-plan]');
    this.applyButton = this.preview.getByRole('button', {
      name: /^(Import \d[\d,]* items?|Restore|Nothing to import)$/,
    });
    this.cancelButton = this.progress.getByRole('button', { name: /^Cancel$|^Stopping/ });
    this.result = this.main.locator('[data-import-result]');
    this.resultHeading = this.result.locator('[data-result-heading]');
    this.error = this.main.locator('[data-import-error]');
    this.startOver = this.main.getByRole('button', {
      name: /^(Import another file|Choose another file)$/,
    });
    this.exportBackup = this.main.getByRole('button', { name: 'Export backup' });
    this.listChoice = this.main.getByRole('combobox', { name: 'List' });
    this.recentJobs = this.main
      .getByRole('region', { name: 'Recent imports' })
      .locator('[data-job]');
  }

  async open(): Promise<void> {
    await this.page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Import & export' })
      .click();
    await this.heading.waitFor();
  }

  sample(id: string): Locator {
    return this.main.locator(`[data-sample="${id}"]`);
  }

  /** One kind's card in the preview: "watched", "ratings", "watchlist", "favourites", "lists". */
  count(kind: string): Locator {
    return this.counts.locator(`[data-kind="${kind}"]`);
  }

  /** The candidates of one review row, as buttons. */
  candidates(row: Locator): Locator {
    return row.locator('[data-candidate]');
  }

  target(label: string): Locator {
    return this.preview.getByRole('group', { name: 'What goes where' }).getByRole('checkbox', {
      name: new RegExp(`^${label}`),
    });
  }

  exportButton(name: string): Locator {
    return this.main
      .getByRole('region', { name: 'Export for other tools' })
      .getByRole('button', { name, exact: true });
  }

  resultRow(kind: string): Locator {
    return this.result.locator(`[data-result-kind="${kind}"]`);
  }
}
