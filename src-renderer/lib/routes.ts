/**
 * The section registry (src-renderer/sections.ts) names its ids here, so `hrefFor('stats')` and
 * `router.current === 'search'` are checked against the sections that exist. Left empty, any
 * string is a section (a program that does not include the registry).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the registry
export interface SectionRegister {}

export type Section = SectionRegister extends { section: infer S extends string } ? S : string;

/** The icons a section can be shown by in the navigation (Icon.svelte draws them). */
export type SectionIcon = 'bell';

/**
 * What the router and the navigation know of a section: one row of the section registry.
 * `Id` is left open while the registry itself is being written, whose ids make `Section`.
 */
export interface SectionRow<Id extends string = Section> {
  /** Its address: `#/<id>`. */
  id: Id;
  /** Its name in the navigation. */
  label: string;
  /** Shown as this icon beside the brand instead of in the list of sections (the inbox's bell). */
  icon?: SectionIcon;
  /** Set apart from the sections above it in the list by a rule. */
  separated?: boolean;
  /** Pages inside the section, after its id: `year/2024` of Stats is `#/stats/year/2024`. */
  pages?: RegExp;
}

/** What the navigation shows: the list of sections, in order, and the one by the bell. */
export interface Navigation {
  listed: readonly SectionRow[];
  bell: SectionRow | undefined;
}

export function navigationOf(sections: readonly SectionRow[]): Navigation {
  return {
    listed: sections.filter((section) => section.icon === undefined),
    bell: sections.find((section) => section.icon === 'bell'),
  };
}

/** The section the app opens on, and an unknown address falls back to: the first one. */
export function defaultSectionOf(sections: readonly SectionRow[]): Section {
  const first = sections[0];
  if (!first) throw new Error('The section registry is empty.');
  return first.id;
}

/** A page of one film, series or person: `#/movie/603`, `#/tv/1399`, `#/person/287`. */
export interface DetailRoute {
  kind: 'movie' | 'tv' | 'person';
  id: number;
}

export type ParsedHash =
  /** `page`: a page inside the section (`year/2024` of Stats), when the hash names one. */
  | { kind: 'section'; section: Section; page?: string }
  | { kind: 'detail'; detail: DetailRoute }
  | { kind: 'unknown-route' }
  | { kind: 'not-a-route' };

/**
 * `#/settings` → that section; `#/nowhere` → an unknown route (shown as the default section);
 * anything else (`#main`, empty) → not a route at all. `sections` are the registry's rows.
 */
export function parseHash(hash: string, sections: readonly SectionRow[]): ParsedHash {
  if (!hash.startsWith('#/')) return { kind: 'not-a-route' };
  const detail = /^#\/(movie|tv|person)\/([1-9]\d{0,11})\/?$/.exec(hash);
  if (detail?.[1] && detail[2]) {
    return {
      kind: 'detail',
      detail: { kind: detail[1] as DetailRoute['kind'], id: Number(detail[2]) },
    };
  }
  const match = /^#\/([a-z]+)(?:\/(.+?))?\/?$/.exec(hash);
  const section = sections.find((row) => row.id === match?.[1]);
  if (!match || !section) return { kind: 'unknown-route' };
  const page = match[2];
  if (page === undefined) return { kind: 'section', section: section.id };
  return section.pages?.test(page)
    ? { kind: 'section', section: section.id, page }
    : { kind: 'unknown-route' };
}

export function detailHref(detail: DetailRoute): string {
  return `#/${detail.kind}/${detail.id}`;
}

export function hrefFor(section: Section): string {
  return `#/${section}`;
}

/** The year in review of `year`: `#/stats/year/2024`. */
export function yearReviewHref(year: number): string {
  return `#/stats/year/${year}`;
}

/** The year a Stats page shows (`year/2024` → 2024), or null for the Stats overview. */
export function reviewYearOf(page: string | null): number | null {
  const match = /^year\/(\d{4})$/.exec(page ?? '');
  return match?.[1] ? Number(match[1]) : null;
}
