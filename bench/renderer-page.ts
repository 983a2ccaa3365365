/** What the renderer benchmarks share: a headless Chromium, and waiting for a value in its page. */
import { chromium, type Browser, type Page } from '@playwright/test';

/**
 * Resolves with the first non-null value of `expression`, checked once per animation frame;
 * rejects after `limitMs`.
 * Playwright's `waitForFunction` compiles its predicate with `eval` inside the page, which
 * Marquee's CSP (script-src 'self') refuses; `evaluate` runs through the DevTools protocol,
 * which the CSP does not govern. Page code is text: this file is compiled without the DOM's types.
 */
export async function waitInPage(
  page: Page,
  expression: string,
  limitMs = 30_000,
): Promise<number> {
  return page.evaluate<number>(`new Promise((resolve, reject) => {
    const limit = setTimeout(() => reject(new Error('timed out waiting for: ' + ${JSON.stringify(expression)})), ${String(limitMs)});
    const tick = () => {
      const value = (${expression});
      if (value === null || value === undefined) { requestAnimationFrame(tick); return; }
      clearTimeout(limit);
      resolve(value);
    };
    tick();
  })`);
}

/** A headless Chromium of the machine's own (CHROMIUM_PATH). */
export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
}
