/**
 * Fills a data folder's cache with every title of a generated catalogue, as if Marquee had seen
 * them all in discover pages, before a core opens the folder. The search benchmark needs a big
 * local index without paging through the catalogue over HTTP for minutes.
 */
import { join } from 'node:path';
import { createIngest } from '../src-main/cache/store/ingest';
import { createSearchIndexStore } from '../src-main/cache/store/search-upkeep';
import { openDatabase } from '../src-main/db/open';
import type { CatalogueData, TitleCore } from '../catalogue';
import { movieSummary, tvSummary } from '../catalogue';

/** Titles per ingested page: large pages keep the number of transactions small. */
const PAGE = 1_000;

function* pages(titles: readonly TitleCore[]): Generator<readonly TitleCore[]> {
  for (let start = 0; start < titles.length; start += PAGE) yield titles.slice(start, start + PAGE);
}

/** Returns the number of titles written. */
export async function seedCache(dataDir: string, data: CatalogueData): Promise<number> {
  const opened = await openDatabase(join(dataDir, 'cache.db'), { kind: 'cache' });
  if (opened.status === 'unrecoverable') throw new Error(`cache not usable: ${opened.reason}`);
  const { db } = opened;
  try {
    const ingest = createIngest(db, Date.now);
    let written = 0;
    for (const [kind, titles] of [
      ['movie', data.movies],
      ['tv', data.tv],
    ] as const) {
      const shape = kind === 'movie' ? movieSummary : tvSummary;
      let page = 0;
      for (const slice of pages(titles)) {
        page += 1;
        // The shape of a discover page, which is what the core ingests when it browses.
        const body = {
          page,
          results: slice.map((core) => shape(data, core, 'en', false)),
          total_pages: Math.ceil(titles.length / PAGE),
          total_results: titles.length,
        };
        written += ingest(body, { mediaType: kind }).titles;
      }
    }
    // As after long use: the idle upkeep has merged the index's segments (writes never do).
    const index = createSearchIndexStore(db);
    while (index.merge(1_000));
    return written;
  } finally {
    db.close();
  }
}
