import { AppFrame, sectionNames, sectionRoute } from '../pages/frame.page';
import { expect, expectSection, screenshot, test } from './shell.support';

test.describe('the app frame', () => {
  test('every section opens from the navigation by mouse, with its heading focused', async ({
    page,
    stack,
  }) => {
    const frame = new AppFrame(page);
    await frame.open(stack.harness.url);
    await expect(page).toHaveURL(/#\/browse$/);
    await expect(frame.heading()).toHaveText('Browse');

    for (const name of sectionNames) {
      await frame.clickSection(name);
      await expect(page).toHaveURL(new RegExp(`#/${sectionRoute(name)}$`));
      await expect(frame.heading()).toHaveText(name);
      await expect(frame.link(name)).toHaveAttribute('aria-current', 'page');
      await expect(frame.nav.locator('[aria-current="page"]')).toHaveCount(1);
      await expectSection(page, name);
      if (name !== 'Browse') await expect(frame.heading()).toBeFocused();
      await screenshot(page, sectionRoute(name));
    }
  });

  test('the navigation is one Tab stop moved with the arrow keys, Home and End', async ({
    page,
    stack,
  }) => {
    const frame = new AppFrame(page);
    await frame.open(stack.harness.url);

    await page.keyboard.press('Tab');
    await expect(frame.skipLink).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(frame.main).toBeFocused();
    await expect(page).toHaveURL(/#\/browse$/);

    await frame.focusNavigation();
    await expect(frame.link('Browse')).toBeFocused();
    await expect(frame.nav.locator('a[tabindex="0"]')).toHaveCount(1);

    await page.keyboard.press('ArrowDown');
    await expect(frame.link('Search')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(frame.heading()).toHaveText('Search');
    await expect(frame.heading()).toBeFocused();

    // Back into the list: the active item is the one Tab stop.
    await frame.link('Search').focus();
    await page.keyboard.press('End');
    await expect(frame.link('About')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(frame.link('Browse')).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(frame.link('About')).toBeFocused();
    await page.keyboard.press('Home');
    await expect(frame.link('Browse')).toBeFocused();

    // Visit every section from the keyboard alone.
    for (const [index, name] of sectionNames.entries()) {
      await frame.link('Browse').focus();
      await page.keyboard.press('Home');
      for (let step = 0; step < index; step += 1) await page.keyboard.press('ArrowDown');
      await expect(frame.link(name)).toBeFocused();
      await page.keyboard.press(index % 2 === 0 ? 'Enter' : ' ');
      await expect(frame.heading()).toHaveText(name);
      await expect(frame.link(name)).toHaveAttribute('aria-current', 'page');
      await expectSection(page, name);
    }
  });

  test('the status bar says Online, that the demo catalogue is in use, and the version', async ({
    page,
    stack,
  }) => {
    const frame = new AppFrame(page);
    await frame.open(stack.harness.url);
    await expect(frame.status).toContainText('Online');
    await expect(frame.status).toContainText('Demo catalogue');
    await expect(frame.status).toContainText('Marquee 0.1.0');
  });

  test('a direct link to a section opens it, and an unknown route falls back to Browse', async ({
    page,
    stack,
  }) => {
    const frame = new AppFrame(page);
    await frame.open(stack.harness.url);
    await page.goto(`${stack.harness.origin}/#/about`);
    await expect(frame.heading()).toHaveText('About');
    await page.goto(`${stack.harness.origin}/#/nowhere`);
    await expect(frame.heading()).toHaveText('Browse');
    await expect(page).toHaveURL(/#\/browse$/);
  });
});

test.describe('the bridge', () => {
  test('a page on another local port cannot call Marquee’s core, even with the header', async ({
    page,
    stack,
    pageProblems,
  }) => {
    const key = new URL(stack.harness.url).searchParams.get('key') ?? '';
    const sentElsewhere: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).origin === stack.harness.origin) return;
      void request.allHeaders().then((headers) => {
        if (JSON.stringify(headers).includes(key) || request.url().includes(key))
          sentElsewhere.push(request.url());
      });
    });
    await new AppFrame(page).open(stack.harness.url);
    // The key left the address bar, and no cookie holds it: cookies would reach every local port.
    expect(new URL(page.url()).searchParams.get('key')).toBeNull();
    expect(await page.context().cookies()).toEqual([]);
    // Ports do not make a different "site", so only the Origin check and the preflight stand in the way.
    await page.goto(`${stack.catalogue.apiBase}/3/configuration/countries`);
    const outcome = await page.evaluate(async (target) => {
      try {
        const res = await fetch(target, {
          method: 'POST',
          credentials: 'include',
          headers: { 'Content-Type': 'application/json', 'X-Marquee-Bridge-Key': 'guess' },
          body: JSON.stringify({ channel: 'app.info' }),
        });
        return `answered ${res.status}`;
      } catch (error) {
        return `blocked: ${String(error)}`;
      }
    }, `${stack.harness.origin}/__marquee/ipc`);
    expect(outcome).toMatch(/^blocked: TypeError/);
    expect(sentElsewhere).toEqual([]);
    // The browser reports the blocked call (and the catalogue's 401) on the console; those are expected here.
    const unexpected = pageProblems.filter((p) => !/CORS policy|Failed to load resource/.test(p));
    expect(unexpected).toEqual([]);
    pageProblems.length = 0;
  });
});
