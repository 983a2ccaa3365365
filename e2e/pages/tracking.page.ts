import type { Locator, Page } from '@playwright/test';

/** The watch controls of a series page: progress, seasons and episodes. */
export class SeriesTrackingPanel {
  readonly main: Locator;
  readonly progress: Locator;
  readonly progressText: Locator;
  readonly status: Locator;
  readonly markAllAired: Locator;
  readonly follow: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.progress = this.main.locator('[data-series-progress]');
    this.progressText = this.progress.locator('[data-progress-text]');
    this.status = this.progress.locator('[data-series-status]');
    this.markAllAired = this.progress.getByRole('button', { name: 'Mark all aired watched' });
    this.follow = this.progress.getByRole('button', { name: /^Follow/ });
  }

  episode(season: number, episode: number): Locator {
    return this.main.locator(`[data-episode-watch="${season}:${episode}"]`);
  }

  watched(season: number, episode: number): Locator {
    return this.episode(season, episode).getByRole('button', { name: /^Watched Episode/ });
  }

  upToHere(season: number, episode: number): Locator {
    return this.episode(season, episode).getByRole('button', { name: /^Watched up to here/ });
  }
}

/** The watch controls of a film page. */
export class MovieTrackingPanel {
  readonly panel: Locator;
  readonly markWatched: Locator;
  readonly plays: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByRole('main').locator('[data-movie-watched]');
    this.markWatched = this.panel.getByRole('button', { name: /^(Mark watched|Watched again)$/ });
    this.plays = this.panel.locator('[data-play]');
  }
}
