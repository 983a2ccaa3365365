import type { PicksListView } from '../../../src-shared/ipc/contract';

/** The plain sentence that says what the picks stand on, or null when they need none. */
export function basisNote(list: PicksListView | null): string | null {
  if (list === null || list.basis === 'history') return null;
  const what = list.onServices ? 'popular on your services' : 'popular on TMDB';
  return list.seeds === 0
    ? `You have no watch history yet, so these are ${what}. Mark what you watch and rate it, and picks for you take their place.`
    : `None of your history has recommendations saved yet, so these are ${what}. Picks for you appear as Marquee saves them.`;
}
