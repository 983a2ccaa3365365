import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { AppFrame } from '../pages/frame.page';
import { ImportScreen } from '../pages/import.page';

/**
 * The Import & export view at the window's usual and smallest sizes (src-main/shell/window-state.ts,
 * MIN_SIZE): the preview keeps to its column, every control in it takes a real click, and rows to
 * review are compact.
 */

const SCREENSHOTS = 'test-results/screenshots';
const SIZES = [
  { width: 1280, height: 800 },
  { width: 880, height: 560 },
] as const;

/**
 * Whether a click at the centre of `target` lands on it (not on a panel drawn over it), once it is
 * scrolled to the middle of the window (clear of the sticky Import bar at the bottom).
 */
async function takesClick(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    element.scrollIntoView({ block: 'center', inline: 'center' });
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });
}

/** A Letterboxd diary with three films dated twenty years before TMDB has them: three rows to review. */
function watchedCsv(titles: readonly { title: string; year: string }[]): Buffer {
  const lines = ['Date,Name,Year,Letterboxd URI'];
  titles.forEach(({ title, year }, i) => {
    lines.push(
      `2024-01-0${String(i + 1)},"${title}",${String(Number(year) - 20)},https://boxd.it/x${String(i)}`,
    );
  });
  return Buffer.from(lines.join('\n'));
}

async function openPreview(page: Page, url: string, csv: Buffer): Promise<ImportScreen> {
  const frame = new AppFrame(page);
  await frame.open(url);
  const screen = new ImportScreen(page);
  await screen.open();
  // Exports carry long names (profile, date and time): the name must not widen the preview.
  const name = 'letterboxd-watched-export-of-a-long-profile-name-2026-11-27-07-30-utc.csv';
  await screen.fileInput.setInputFiles({ name, mimeType: 'text/csv', buffer: csv });
  await expect(screen.preview).toBeVisible({ timeout: 90_000 });
  return screen;
}

for (const size of SIZES) {
  test(`at ${String(size.width)}×${String(size.height)} the preview fits its column and every Skip and “Choose another file” takes a click`, async ({
    page,
    stack,
  }) => {
    await page.setViewportSize(size);
    const films = stack.catalogue.data.movies
      .slice(10, 13)
      .map((m) => ({ title: m.title, year: m.date.slice(0, 4) }));
    const screen = await openPreview(page, stack.harness.url, watchedCsv(films));
    await expect(screen.reviewRows).toHaveCount(3);

    // The preview keeps within the main region: nothing of it lies under the side panels.
    const spill = await page.evaluate(() => {
      const preview = document.querySelector('[data-import-preview]');
      const flow = preview?.parentElement;
      if (!preview || !flow) return Number.POSITIVE_INFINITY;
      return Math.max(preview.scrollWidth - flow.clientWidth, 0);
    });
    expect(spill).toBe(0);

    const another = screen.preview.getByRole('button', { name: 'Choose another file' });
    expect(await takesClick(another), 'Choose another file').toBe(true);
    for (const row of await screen.reviewRows.all()) {
      const skip = row.getByRole('button', { name: /^Skip/ });
      expect(
        await takesClick(skip),
        `Skip of row ${(await row.getAttribute('data-review-row')) ?? '?'}`,
      ).toBe(true);
      for (const candidate of await screen.candidates(row).all())
        expect(await takesClick(candidate), 'a candidate').toBe(true);
    }

    // Three rows to review keep the page to a sane height.
    const tall = await page.evaluate(() => document.querySelector('main')?.scrollHeight ?? 0);
    expect(tall).toBeLessThan(size.width >= 1280 ? 2600 : 3400);

    if (size.width === 1280) {
      mkdirSync(SCREENSHOTS, { recursive: true });
      await screen.reviewRows.first().scrollIntoViewIfNeeded();
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({
          path: `${SCREENSHOTS}/import-review-1280-${scheme}.png`,
          animations: 'disabled',
        });
      }
      await page.emulateMedia({ colorScheme: 'light' });
    }

    // A real click (no force): Skip settles its row, and Choose another file starts over.
    const id = (await screen.reviewRows.first().getAttribute('data-review-row')) ?? '';
    const row = screen.main.locator(`[data-review-row="${id}"]`);
    await row.getByRole('button', { name: /^Skip/ }).click();
    await expect(row).toContainText('Skipped');
    await another.click();
    await expect(screen.preview).toHaveCount(0);
  });
}
