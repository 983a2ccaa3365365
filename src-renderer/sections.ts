import type { Section, SectionRow } from './lib/routes';
import type { ViewSource } from './lib/state/lazy-view.svelte';
import BrowseView from './views/browse/BrowseView.svelte';
import SearchView from './views/search/SearchView.svelte';
import UpNextView from './views/upnext/UpNextView.svelte';

/**
 * A section and its view. Views used now and then load on first visit (`load`, their own chunk),
 * so the first paint of Browse and Search parses less JavaScript; the chunk stays cached for later
 * visits. The views opened at start-up are in the main chunk (`component`).
 */
export type SectionEntry<Id extends string = Section> = SectionRow<Id> & ViewSource;

/** Keeps each row's id as written, so the ids become the `Section` type. */
function defineSections<const Id extends string>(
  rows: readonly SectionEntry<Id>[],
): readonly SectionEntry<Id>[] {
  return rows;
}

/**
 * Every section of the app, in navigation order: the router takes its addresses from here and the
 * navigation its links. The first is where the app opens.
 */
export const sections = defineSections([
  { id: 'browse', label: 'Browse', component: BrowseView },
  { id: 'search', label: 'Search', component: SearchView },
  { id: 'foryou', label: 'For you', load: () => import('./views/picks/PicksView.svelte') },
  { id: 'upnext', label: 'Up Next', component: UpNextView },
  { id: 'history', label: 'History', load: () => import('./views/history/HistoryView.svelte') },
  { id: 'upcoming', label: 'Upcoming', load: () => import('./views/upcoming/UpcomingView.svelte') },
  { id: 'captured', label: 'Captured', load: () => import('./views/captured/CapturedView.svelte') },
  { id: 'lists', label: 'Lists', load: () => import('./views/lists/ListsView.svelte') },
  {
    id: 'stats',
    label: 'Stats',
    pages: /^year\/\d{4}$/,
    load: () => import('./views/stats/StatsView.svelte'),
  },
  { id: 'account', label: 'Account', load: () => import('./views/account/AccountView.svelte') },
  {
    id: 'import',
    label: 'Import & export',
    load: () => import('./views/import/ImportView.svelte'),
  },
  { id: 'settings', label: 'Settings', load: () => import('./views/settings/SettingsView.svelte') },
  {
    id: 'about',
    label: 'About',
    separated: true,
    load: () => import('./views/about/AboutView.svelte'),
  },
  // The inbox opens from the bell beside the brand, not from the list of sections.
  {
    id: 'inbox',
    label: 'Inbox',
    icon: 'bell',
    load: () => import('./views/inbox/InboxView.svelte'),
  },
]);

declare module './lib/routes' {
  interface SectionRegister {
    section: (typeof sections)[number]['id'];
  }
}

/** The registry's row for `id`. */
export function sectionEntry(id: Section): SectionEntry {
  const entry = sections.find((row) => row.id === id);
  if (!entry) throw new Error(`No section is registered as “${id}”.`);
  return entry;
}
