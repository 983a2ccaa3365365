import { expect, test } from '../fixtures';
import { BrowseScreen } from '../pages/browse.page';
import { axeViolations, screenshotView } from '../pages/details.page';
import { AppFrame } from '../pages/frame.page';

test.describe('Browse', () => {
  test.beforeEach(async ({ page, stack }) => {
    await new AppFrame(page).open(stack.harness.url);
  });

  test('every section loads, and a shelf loads its second page when scrolled to its end', async ({
    page,
  }) => {
    const browse = new BrowseScreen(page);
    for (const name of [
      'Trending series',
      'Top-rated series',
      'Popular people',
      'Discover movies',
    ] as const) {
      await expect(browse.cards(name).first()).toBeVisible();
    }
    // Cards say what they are: a series is labelled as one, a person as one.
    await expect(browse.cards('Trending series').first()).toHaveAccessibleName(/\(Series/);
    await expect(browse.cards('Popular people').nth(1)).toHaveAccessibleName(/\(Person/);

    const firstPage = await browse.cards('Top-rated series').count();
    await browse.scrollToEnd('Top-rated series');
    await expect.poll(() => browse.cards('Top-rated series').count()).toBeGreaterThan(firstPage);

    // The "Load more" button does the same for keyboard users.
    const people = await browse.cards('Popular people').count();
    await browse.loadMore('Popular people').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => browse.cards('Popular people').count()).toBeGreaterThan(people);
    await screenshotView(page, 'browse');
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the newest person leads the people shelf, highlighted', async ({ page }) => {
    const browse = new BrowseScreen(page);
    // The visible name comes first in the link's name, the note after it (WCAG 2.5.3).
    await expect(browse.cards('Popular people').first()).toHaveAccessibleName(
      /^\S.* \(Person.*\), Newest on TMDB$/,
    );
    await expect(browse.cards('Popular people').first()).toContainText('Newest on TMDB');
  });

  test('trending switches between today and this week', async ({ page }) => {
    const browse = new BrowseScreen(page);
    await expect(browse.cards('Trending series').first()).toBeVisible();
    const today = await browse.cards('Trending series').allTextContents();
    await browse.trendingWindow('This week').check();
    await expect(browse.trendingWindow('This week')).toBeChecked();
    await expect.poll(() => browse.cards('Trending series').allTextContents()).not.toEqual(today);
  });

  test('discover filters change the results, contradictions are explained, and Reset brings everything back', async ({
    page,
  }) => {
    const browse = new BrowseScreen(page);
    const discover = browse.cards('Discover movies');
    await expect(discover.first()).toBeVisible();
    const unfiltered = await discover.allTextContents();

    await browse.filter('Sort by').selectOption({ label: 'Highest rated' });
    await expect.poll(() => discover.allTextContents()).not.toEqual(unfiltered);

    await browse.filter('From year').fill('2000');
    await browse.filter('From year').press('Tab');
    await browse.filter('To year').fill('2009');
    await browse.filter('To year').press('Tab');
    await expect
      .poll(async () => {
        // Each card's text holds "(Movie, 2004, rated 7.1)", read after its title.
        const texts = await discover.allTextContents();
        return texts.length > 0 && texts.every((text) => /, 200\d,/.test(text));
      })
      .toBe(true);

    await browse.filter('Minimum rating').selectOption('9');
    await browse.filter('Maximum rating').selectOption('3');
    await expect(browse.filterProblem).toHaveText('The minimum rating is above the maximum.');
    await browse.filter('Maximum rating').selectOption('');
    await expect(browse.filterProblem).toBeHidden();

    await browse.resetFilters.click();
    await expect(browse.filter('From year')).toHaveValue('');
    await expect(browse.filter('Sort by')).toHaveValue('popularity.desc');
    await expect.poll(() => discover.allTextContents()).toEqual(unfiltered);
  });

  test('choosing a genre keeps only films of that genre', async ({ page }) => {
    const browse = new BrowseScreen(page);
    const discover = browse.cards('Discover movies');
    await expect(discover.first()).toBeVisible();
    const unfiltered = await discover.allTextContents();
    const genre = browse.filters
      .getByRole('group', { name: 'Genres' })
      .getByRole('checkbox')
      .first();
    await genre.check();
    await expect(genre).toBeChecked();
    await expect(browse.resetFilters).toHaveText('Reset filters (1)');
    await expect.poll(() => discover.allTextContents()).not.toEqual(unfiltered);
  });
});
