import type { Page } from '@playwright/test';
import { expect, startAppStack, test, type AppStack } from '../fixtures';
import { AppFrame } from '../pages/frame.page';
import { ImportScreen } from '../pages/import.page';
import { invokeOk } from '../pages/lists.page';

async function signIn(page: Page, stack: AppStack): Promise<void> {
  await invokeOk(page, 'auth.login', {
    username: stack.catalogue.demoUser,
    password: stack.catalogue.demoPassword,
  });
}

/** Resolves every review row of the preview with its first candidate (or skips it). */
async function resolveAll(screen: ImportScreen): Promise<number> {
  await expect(screen.preview).toBeVisible({ timeout: 90_000 });
  const rows = await screen.reviewRows.all();
  for (const row of rows) {
    const candidates = screen.candidates(row);
    if ((await candidates.count()) === 0) {
      await row.getByRole('button', { name: /^Skip/ }).click();
      continue;
    }
    await candidates.first().click();
    await expect(candidates.first()).toHaveAttribute('aria-pressed', 'true');
  }
  return rows.length;
}

test('imports the TV Time and Simkl samples, resolving a review row, and a second import says “nothing new”', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const stack = await startAppStack({ messy: true, demoLibrary: false });
  try {
    const frame = new AppFrame(page);
    await frame.open(stack.harness.url);
    await signIn(page, stack);
    const screen = new ImportScreen(page);
    await screen.open();

    let reviewed = 0;
    for (const id of ['tvtime-demo', 'simkl-demo']) {
      await screen.sample(id).click();
      await expect(screen.preview).toBeVisible({ timeout: 90_000 });
      if (id === 'tvtime-demo') {
        // The zone of TV Time's zone-less dates is offered, UTC first, and said in the notices.
        await expect(page.getByLabel(/TV Time's dates have no time zone/)).toHaveValue('UTC');
        await expect(screen.problems).toContainText('read as UTC');
        await expect(screen.ratingConversion).toContainText('TV Time 0–5');
        // How followed and archived series land is said with the notices.
        await expect(screen.problems).toContainText('archived (stopped watching) → not followed');
      } else {
        await expect(screen.problems).toContainText('plantowatch → watchlist');
      }
      reviewed += await resolveAll(screen);
      await expect(screen.applyButton).toBeEnabled();
      await screen.applyButton.click();
      await expect(screen.result).toBeVisible({ timeout: 120_000 });
      await screen.startOver.click();
      await expect(screen.samples.first()).toBeVisible();
    }
    expect(reviewed, 'the samples hold rows that need review').toBeGreaterThan(0);
    const history = (await invokeOk(page, 'tracking.history', { limit: 1 })) as { total: number };
    expect(history.total).toBeGreaterThan(10);

    // Each again: the ambiguous rows are asked again; the same answers add nothing.
    for (const id of ['tvtime-demo', 'simkl-demo']) {
      await screen.sample(id).click();
      await resolveAll(screen);
      await expect(screen.nothingNew).toBeVisible();
      await expect(screen.nothingNew).toContainText('Nothing new');
      await expect(screen.applyButton).toBeDisabled();
      await screen.startOver.click();
      await expect(screen.samples.first()).toBeVisible();
    }
  } finally {
    await page.goto('about:blank');
    await stack.close();
  }
});
