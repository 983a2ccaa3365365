import { DEFAULT_SECTION, hrefFor, parseHash, type Section } from '../routes';

export { sections, hrefFor, type Section } from '../routes';

/**
 * Hash routing: the hash is the source of truth, so Back/Forward and reloads keep the section.
 * `navigations` counts changes after start-up, which is when the section heading takes focus
 * (on first load focus stays at the top of the page, where a screen reader starts).
 */
export class Router {
  #current = $state<Section>(DEFAULT_SECTION);
  #navigations = $state(0);

  get current(): Section {
    return this.#current;
  }

  get navigations(): number {
    return this.#navigations;
  }

  /** Follows `location.hash`; returns the function that stops following it. */
  start(win: Window = window): () => void {
    const initial = parseHash(win.location.hash);
    this.#current = initial.kind === 'section' ? initial.section : DEFAULT_SECTION;
    if (initial.kind !== 'section') win.history.replaceState(null, '', hrefFor(this.#current));
    const onHashChange = (): void => {
      const parsed = parseHash(win.location.hash);
      // Non-route hashes (in-page anchors) leave the section alone.
      if (parsed.kind === 'not-a-route') return;
      const next = parsed.kind === 'section' ? parsed.section : DEFAULT_SECTION;
      // An unknown route is rewritten, not kept, so Back does not return to a dead address.
      if (parsed.kind === 'unknown-route') win.history.replaceState(null, '', hrefFor(next));
      if (next === this.#current) return;
      this.#current = next;
      this.#navigations += 1;
    };
    win.addEventListener('hashchange', onHashChange);
    return () => {
      win.removeEventListener('hashchange', onHashChange);
    };
  }

  go(section: Section, win: Window = window): void {
    win.location.hash = hrefFor(section);
  }

  reset(): void {
    this.#current = DEFAULT_SECTION;
    this.#navigations = 0;
  }
}

export const router = new Router();
