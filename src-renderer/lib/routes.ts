/** The sections of the app frame, in navigation order. */
export const sections = [
  'browse',
  'search',
  'upnext',
  'upcoming',
  'lists',
  'stats',
  'account',
  'import',
  'settings',
  'about',
  'inbox',
] as const;
export type Section = (typeof sections)[number];

/** The inbox opens from the bell beside the brand, not from the list of sections. */
export const listedSections: readonly Section[] = sections.filter((s) => s !== 'inbox');

export const DEFAULT_SECTION: Section = 'browse';

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
 * anything else (`#main`, empty) → not a route at all.
 */
export function parseHash(hash: string): ParsedHash {
  if (!hash.startsWith('#/')) return { kind: 'not-a-route' };
  const detail = /^#\/(movie|tv|person)\/([1-9]\d{0,11})\/?$/.exec(hash);
  if (detail?.[1] && detail[2]) {
    return {
      kind: 'detail',
      detail: { kind: detail[1] as DetailRoute['kind'], id: Number(detail[2]) },
    };
  }
  const year = /^#\/stats\/year\/(\d{4})\/?$/.exec(hash)?.[1];
  if (year !== undefined) return { kind: 'section', section: 'stats', page: `year/${year}` };
  const name = /^#\/([a-z]+)\/?$/.exec(hash)?.[1];
  return name !== undefined && (sections as readonly string[]).includes(name)
    ? { kind: 'section', section: name as Section }
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
