import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Locator, Page } from '@playwright/test';

/** A film, series or person page. */
export class DetailsScreen {
  readonly main: Locator;
  readonly heading: Locator;
  readonly library: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.heading = this.main.getByRole('heading', { level: 1 });
    this.library = this.main.getByRole('group', { name: 'Your library' });
  }

  section(name: string): Locator {
    return this.main.getByRole('region', { name, exact: true });
  }

  action(name: 'Watchlist' | 'Favourite' | 'Add to list'): Locator {
    return this.library.getByRole('button', { name, exact: true });
  }

  rateButton(): Locator {
    return this.library.getByRole('button', { name: /^(Rate|Rated )/ });
  }

  /** The star rating control (an ARIA slider on TMDB's 1–10 scale; arrows move half a star). */
  rating(title: string): Locator {
    return this.library.getByRole('slider', { name: `Your rating for ${title}` });
  }

  get pending(): Locator {
    return this.library.getByText('Pending sync');
  }

  /** An episode of the open season, by its number. */
  episode(number: number): Locator {
    return this.section('Seasons and episodes')
      .getByRole('article')
      .filter({
        has: this.page.getByRole('heading', { level: 3, name: new RegExp(`^${number}\\. `) }),
      });
  }
}

const SCREENSHOTS = 'test-results/screenshots';

/**
 * A full-page picture of a view. Only the main region scrolls in Marquee's frame, so the window is
 * first made as tall as that region's content, then put back.
 */
export async function screenshotView(page: Page, name: string): Promise<void> {
  const original = page.viewportSize() ?? { width: 1280, height: 800 };
  const overflow = await page.evaluate(() => {
    const main = document.querySelector('main');
    return main ? main.scrollHeight - main.clientHeight : 0;
  });
  await page.setViewportSize({
    width: original.width,
    height: original.height + Math.max(0, overflow),
  });
  // Lazy images load once the taller window shows them; the picture waits for them (briefly).
  await page
    .waitForFunction(() => [...document.images].every((image) => image.complete), undefined, {
      timeout: 5_000,
    })
    .catch(() => undefined);
  await page.screenshot({
    path: `${SCREENSHOTS}/${name}.png`,
    fullPage: true,
    animations: 'disabled',
  });
  await page.setViewportSize(original);
}

interface AxeWindow {
  axe?: {
    run: (
      context: Document,
      options: object,
    ) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>;
  };
}

/** WCAG 2 A/AA violations on the page as it is now, as "rule: selectors" lines. */
export async function axeViolations(page: Page): Promise<string[]> {
  const loaded = await page.evaluate(() => Boolean((window as unknown as AxeWindow).axe));
  if (!loaded) {
    const source = await readFile(
      createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
      'utf8',
    );
    // Evaluated through the DevTools protocol, which the page's CSP does not govern.
    await page.evaluate(source);
  }
  return page.evaluate(async () => {
    const axe = (window as unknown as AxeWindow).axe;
    if (!axe) return ['axe did not load'];
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa'] },
    });
    return result.violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  });
}
