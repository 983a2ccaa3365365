import type { Page } from '@playwright/test';

/** How far the window, or the main region inside it, scrolls sideways (0 when it does not). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const main = document.querySelector('main');
    const inMain = main ? main.scrollWidth - main.clientWidth : 0;
    return Math.max(root.scrollWidth - root.clientWidth, inMain);
  });
}

/** The innermost elements that reach past the window's right edge, to name in a failure. */
export async function widest(page: Page): Promise<string> {
  return page.evaluate(() => {
    const past = [...document.querySelectorAll('main *')].filter(
      (el) => el.getBoundingClientRect().right > window.innerWidth + 1,
    );
    const innermost = past.filter(
      (el) => !past.some((other) => other !== el && el.contains(other)),
    );
    return innermost
      .slice(0, 8)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`)
      .join(', ');
  });
}
