/** The sections of the app frame, in navigation order. */
export const sections = ['browse', 'search', 'lists', 'account', 'settings', 'about'] as const;
export type Section = (typeof sections)[number];

export const DEFAULT_SECTION: Section = 'browse';

export type ParsedHash =
  { kind: 'section'; section: Section } | { kind: 'unknown-route' } | { kind: 'not-a-route' };

/**
 * `#/settings` → that section; `#/nowhere` → an unknown route (shown as the default section);
 * anything else (`#main`, empty) → not a route at all.
 */
export function parseHash(hash: string): ParsedHash {
  if (!hash.startsWith('#/')) return { kind: 'not-a-route' };
  const name = /^#\/([a-z]+)\/?$/.exec(hash)?.[1];
  return name !== undefined && (sections as readonly string[]).includes(name)
    ? { kind: 'section', section: name as Section }
    : { kind: 'unknown-route' };
}

export function hrefFor(section: Section): string {
  return `#/${section}`;
}
