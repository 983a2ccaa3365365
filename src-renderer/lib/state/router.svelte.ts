import {
  defaultSectionOf,
  hrefFor,
  parseHash,
  type DetailRoute,
  type Section,
  type SectionRow,
} from '../routes';

export { hrefFor, detailHref, type DetailRoute, type Section } from '../routes';

/**
 * Hash routing: the hash is the source of truth, so Back/Forward and reloads keep the section.
 * `navigations` counts changes after start-up, which is when the section heading takes focus
 * (on first load focus stays at the top of the page, where a screen reader starts).
 */
export class Router {
  /** The section registry's rows: which addresses are sections, and their pages. */
  #sections: readonly SectionRow[] = [];
  #default: Section = '' as Section;
  #current = $state<Section>('' as Section);
  #navigations = $state(0);
  /** The film, series or person page on show, or null for a section. */
  #detail = $state.raw<DetailRoute | null>(null);
  /** A page inside the current section (`year/2024` of Stats), or null for the section itself. */
  #page = $state<string | null>(null);

  get current(): Section {
    return this.#current;
  }

  /** A details page is shown over the section it was opened from, which stays current in the navigation. */
  get detail(): DetailRoute | null {
    return this.#detail;
  }

  get page(): string | null {
    return this.#page;
  }

  get navigations(): number {
    return this.#navigations;
  }

  constructor(sections?: readonly SectionRow[]) {
    if (sections) this.use(sections);
  }

  /** Takes the sections from the registry; the first is where the app opens. */
  use(sections: readonly SectionRow[]): void {
    this.#sections = sections;
    this.#default = defaultSectionOf(sections);
    this.#current = this.#default;
  }

  /** Follows `location.hash`; returns the function that stops following it. */
  start(win: Window = window): () => void {
    const sections = this.#sections;
    if (sections.length === 0) throw new Error('The router starts after use(sections).');
    const initial = parseHash(win.location.hash, sections);
    this.#current = initial.kind === 'section' ? initial.section : this.#default;
    this.#detail = initial.kind === 'detail' ? initial.detail : null;
    this.#page = initial.kind === 'section' ? (initial.page ?? null) : null;
    if (initial.kind !== 'section' && initial.kind !== 'detail')
      win.history.replaceState(null, '', hrefFor(this.#current));
    const onHashChange = (): void => {
      const parsed = parseHash(win.location.hash, sections);
      // Non-route hashes (in-page anchors) leave the section alone.
      if (parsed.kind === 'not-a-route') return;
      if (parsed.kind === 'detail') {
        const { kind, id } = parsed.detail;
        if (this.#detail?.kind === kind && this.#detail.id === id) return;
        this.#detail = parsed.detail;
        this.#navigations += 1;
        return;
      }
      const leftDetail = this.#detail !== null;
      this.#detail = null;
      const next = parsed.kind === 'section' ? parsed.section : this.#default;
      const page = parsed.kind === 'section' ? (parsed.page ?? null) : null;
      const pageChanged = page !== this.#page;
      this.#page = page;
      // An unknown route is rewritten, not kept, so Back does not return to a dead address.
      if (parsed.kind === 'unknown-route') win.history.replaceState(null, '', hrefFor(next));
      if (next === this.#current && !leftDetail && !pageChanged) return;
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
    this.#current = this.#default;
    this.#navigations = 0;
    this.#detail = null;
    this.#page = null;
  }
}

export const router = new Router();
