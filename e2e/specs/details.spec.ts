import type { Page } from '@playwright/test';
import { providerMaskNow } from '../../catalogue';
import { expect, test } from '../fixtures';
import { BrowseScreen } from '../pages/browse.page';
import { DetailsScreen, axeViolations, screenshotView } from '../pages/details.page';
import { AppFrame } from '../pages/frame.page';
import { accessibleName } from '../pages/names';

async function openHash(page: Page, url: string, hash: string): Promise<DetailsScreen> {
  await new AppFrame(page).open(url);
  await page.evaluate((h) => {
    location.hash = h;
  }, hash);
  const details = new DetailsScreen(page);
  await expect(details.heading).toBeVisible();
  return details;
}

test.describe('a film’s page', () => {
  test('shows release dates with their type in words, providers, cast and recommendations, and keeps it on the watchlist', async ({
    page,
    stack,
  }) => {
    // A film that some service offers in the default region (US) on the catalogue's day (one of
    // each title's providers comes and goes with the catalogue's clock).
    const movie =
      stack.catalogue.data.movies.find(
        (m) => providerMaskNow(stack.catalogue.data, m) !== 0 && !m.adult,
      ) ?? stack.catalogue.data.movies[0];
    if (!movie) throw new Error('the catalogue has no films');
    const details = await openHash(page, stack.harness.url, `#/movie/${movie.id}`);
    await expect(details.heading).toHaveText(movie.title);

    const releases = details.section('Release dates');
    await expect(releases.getByRole('table')).toBeVisible();
    await expect(releases.getByRole('rowgroup').nth(1).getByRole('row').first()).toContainText(
      /Premiere|Theatrical \(limited\)|Theatrical|Digital|Physical|TV/,
    );
    // The release type is in words, never TMDB's number; a certification may be a number (FSK 0).
    const types = releases.locator('tbody tr td:nth-of-type(2)');
    await expect(types.first()).toBeVisible();
    await expect(types.filter({ hasText: /^\s*\d+\s*$/ })).toHaveCount(0);

    const watch = details.section('Where to watch');
    await expect(watch).toContainText('Watch provider data by JustWatch');
    await expect(watch.getByRole('list').first().getByRole('listitem').first()).toBeVisible();

    await expect(details.section('Cast').getByRole('link').first()).toBeVisible();
    await expect(
      details
        .section('Recommendations')
        .getByRole('list', { name: 'Recommendations' })
        .getByRole('link')
        .first(),
    ).toBeVisible();

    await expect(details.action('Watchlist')).toHaveAttribute('aria-pressed', 'false');
    await details.action('Watchlist').click();
    await expect(details.action('Watchlist')).toHaveAttribute('aria-pressed', 'true');
    await expect(details.pending).toBeVisible();

    // Rating, by keyboard: open the control, move the stars to the top, save.
    await details.rateButton().click();
    const slider = details.rating(movie.title);
    await slider.focus();
    await page.keyboard.press('End');
    await details.library.getByRole('button', { name: 'Save rating' }).click();
    await expect(details.rateButton()).toHaveText(/Rated 10/);
    await screenshotView(page, 'movie');

    // The watchlist mark is kept: after a reload the button is still pressed.
    await page.reload();
    await expect(details.action('Watchlist')).toHaveAttribute('aria-pressed', 'true');
  });

  test('opens from a Browse card, and a recommendation leads to another film', async ({
    page,
    stack,
  }) => {
    await new AppFrame(page).open(stack.harness.url);
    const browse = new BrowseScreen(page);
    const card = browse.cards('Discover movies').first();
    const name = await accessibleName(card);
    await card.click();
    const details = new DetailsScreen(page);
    await expect(details.heading).toHaveText(name.replace(/ \(Movie.*$/, ''));
    await expect(details.heading).toBeFocused();
    const recommendation = details
      .section('Recommendations')
      .getByRole('list')
      .getByRole('link')
      .first();
    const next = (await accessibleName(recommendation)).replace(/ \(Movie.*$/, '');
    await recommendation.click();
    await expect(details.heading).toHaveText(next);
    await page.goBack();
    await expect(details.heading).toHaveText(name.replace(/ \(Movie.*$/, ''));
  });

  test('an unknown film says so and offers a retry', async ({ page, stack }) => {
    await new AppFrame(page).open(stack.harness.url);
    // The catalogue answers 404 here: the page shows an error, and the console error is the expected one.
    await page.evaluate(() => {
      location.hash = '#/movie/999999999';
    });
    const alert = page.getByRole('main').getByRole('alert');
    await expect(alert).toContainText('Could not load this film');
    await expect(alert.getByRole('button', { name: 'Retry' })).toBeVisible();
  });
});

test.describe('a series’ page', () => {
  test('shows a season’s episodes, episode credits, translations, episode groups and similar series', async ({
    page,
    stack,
  }) => {
    const series = stack.catalogue.data.tv[0];
    if (!series) throw new Error('the catalogue has no series');
    const details = await openHash(page, stack.harness.url, `#/tv/${series.id}`);
    await expect(details.heading).toHaveText(series.title);

    // The hero rates the series as the region (US by default) does, as TMDB says.
    const answer = await page.request.get(
      `${stack.catalogue.apiBase}/3/tv/${series.id}?append_to_response=content_ratings`,
      { headers: { Authorization: `Bearer ${stack.catalogue.accessToken}` } },
    );
    const { content_ratings: ratings } = (await answer.json()) as {
      content_ratings: { results: Array<{ iso_3166_1: string; rating: string }> };
    };
    const us = ratings.results.find((r) => r.iso_3166_1 === 'US')?.rating;
    const facts = page.locator('main header .facts');
    if (us) await expect(facts.getByText(us, { exact: true })).toBeVisible();
    else await expect(facts).not.toContainText(/TV-/);

    const seasons = details.section('Seasons and episodes');
    const episode = details.episode(1);
    await expect(episode).toBeVisible();
    await episode.getByRole('button', { name: 'Show credits for Episode 1' }).click();
    await expect(episode.getByRole('heading', { name: 'Crew' })).toBeVisible();
    await expect(episode.getByRole('heading', { name: 'Guest stars' })).toBeVisible();
    await expect(episode.locator('dt').first()).toBeVisible();

    // Another season loads its own episodes.
    const picker = seasons.getByLabel('Season', { exact: true });
    const options = await picker
      .locator('option')
      .evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value));
    if (options.length > 1) {
      const before = await seasons.getByRole('heading', { level: 3 }).first().textContent();
      await picker.selectOption(options[options.length - 1] ?? '');
      await expect(seasons.getByRole('heading', { level: 3 }).first()).not.toHaveText(before ?? '');
    }

    // Translations: the season's name in another language.
    const language = seasons.getByLabel('Season text language');
    await language.focus();
    await expect.poll(() => language.locator('option').count()).toBeGreaterThan(1);
    await language.selectOption(
      (await language.locator('option', { hasText: 'French' }).getAttribute('value')) ?? '',
    );
    await expect(seasons.getByRole('heading', { level: 3 }).first()).toHaveText(/^Saison \d+/);
    await language.selectOption({ label: 'Original' });
    await expect(seasons.getByRole('heading', { level: 3 }).first()).toHaveText(/^Season \d+/);

    // Rate an episode.
    await details.episode(1).getByRole('button', { name: 'Rate Episode 1' }).click();
    await details.episode(1).getByRole('button', { name: 'Save rating' }).click();
    await expect(details.episode(1)).toContainText('Your rating 5');

    const groups = details.section('Episode groups');
    const ordering = groups
      .getByRole('list', { name: 'Episode orderings' })
      .getByRole('button')
      .first();
    await ordering.click();
    await expect(ordering).toHaveAttribute('aria-pressed', 'true');
    await expect(
      groups
        .getByRole('listitem')
        .filter({ hasText: /^S\d+E\d+/ })
        .first(),
    ).toBeVisible();

    await expect(
      details
        .section('Similar series')
        .getByRole('list', { name: 'Similar series' })
        .getByRole('link')
        .first(),
    ).toBeVisible();
    // Lists hold films only: the button says why it does nothing.
    await expect(details.action('Add to list')).toHaveAttribute('aria-disabled', 'true');
    await expect(details.action('Add to list')).toHaveAccessibleDescription(
      'TMDB lists hold films only.',
    );
    await screenshotView(page, 'series');
  });
});

test.describe('a person’s page', () => {
  test('shows the biography, what they are known for and the images they are tagged in', async ({
    page,
    stack,
  }) => {
    const person = stack.catalogue.data.people[0];
    if (!person) throw new Error('the catalogue has no people');
    const details = await openHash(page, stack.harness.url, `#/person/${person.id}`);
    await expect(details.heading).toHaveText(person.name);
    await expect(details.section('Biography').locator('p').first()).not.toBeEmpty();
    const knownFor = details
      .section('Known for')
      .getByRole('list', { name: 'Known for' })
      .getByRole('link');
    await expect(knownFor.first()).toHaveAccessibleName(/\((Movie|Series)/);
    const images = details
      .section('Tagged images')
      .getByRole('list', { name: `Images ${person.name} is tagged in` });
    await expect(images.getByRole('listitem').first()).toBeVisible();
    await expect(images.getByRole('listitem').first()).toContainText(/Film|Series|Episode/);
    await screenshotView(page, 'person');
  });
});

test.describe('accessibility', () => {
  test('film, series and person pages pass axe (WCAG 2 A/AA), light and dark', async ({
    page,
    stack,
  }) => {
    const { movies, tv, people } = stack.catalogue.data;
    const pages = [
      `#/movie/${movies[1]?.id ?? 0}`,
      `#/tv/${tv[1]?.id ?? 0}`,
      `#/person/${people[1]?.id ?? 0}`,
    ];
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const hash of pages) {
        const details = await openHash(page, stack.harness.url, hash);
        await expect(
          details.main.getByRole('region').last().getByRole('listitem').first(),
        ).toBeVisible();
        expect(await axeViolations(page), `${hash} (${scheme})`).toEqual([]);
      }
    }
  });
});
