import { cardOf, collectionCard, type Card, type CardKind } from '../../components/cards/card';
import type { CollectionResult, MultiResult } from '../../lib/state/search.svelte';

export interface ResultRowData {
  card: Card;
  detail: string | null;
}

/**
 * Rows already made for an answer's items: the same item gives the same row, so the rows on
 * screen keep their props (and skip their updates) when only the state around them changes.
 */
const multiRows = new WeakMap<MultiResult, ResultRowData>();

/** A person's line says what they are known for; a title's, the start of its overview. */
export function multiRow(item: MultiResult): ResultRowData {
  let row = multiRows.get(item);
  if (!row) {
    row = makeMultiRow(item);
    multiRows.set(item, row);
  }
  return row;
}

function makeMultiRow(item: MultiResult): ResultRowData {
  const card = cardOf(item);
  if (item.media_type === 'person') {
    const titles = item.known_for
      .map((k) => (k.media_type === 'movie' ? k.title : k.name))
      .slice(0, 3);
    return { card, detail: titles.length > 0 ? `Known for ${titles.join(', ')}` : null };
  }
  return { card, detail: item.overview.trim() || null };
}

export function collectionRow(item: CollectionResult): ResultRowData {
  return { card: collectionCard(item), detail: item.overview?.trim() || null };
}

const NOUNS: Record<CardKind, [string, string]> = {
  movie: ['movie', 'movies'],
  tv: ['series', 'series'],
  person: ['person', 'people'],
  collection: ['collection', 'collections'],
};

/** "3 movies · 1 series · 2 people" for the results on screen, in a fixed order. */
export function kindSummary(rows: readonly ResultRowData[]): string {
  const counts = new Map<CardKind, number>();
  for (const row of rows) counts.set(row.card.kind, (counts.get(row.card.kind) ?? 0) + 1);
  return (['movie', 'tv', 'person', 'collection'] as const)
    .filter((kind) => counts.has(kind))
    .map((kind) => {
      const n = counts.get(kind) ?? 0;
      return `${n} ${NOUNS[kind][n === 1 ? 0 : 1]}`;
    })
    .join(' · ');
}

/** The shortest a result row can be: its poster thumbnail (56 px wide, 2:3), without padding. */
const ROW_MIN_PX = 84;

/**
 * How many result rows a window of this height can show at most, counting the list as if it
 * started at the window's top edge (it starts lower): never fewer than the rows in sight.
 */
export function rowsInWindow(height: number): number {
  return Math.max(1, Math.ceil(height / ROW_MIN_PX) + 1);
}
