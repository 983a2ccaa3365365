import { z } from 'zod';
import { int, pageNumber, resultsOf } from './fields';
import { readItems } from './tolerant';

/**
 * TMDB's paged list envelope: `{ page, results, total_pages, total_results }`. `page` and `results`
 * identify a page and are required; the totals are present on every real paged response we hold.
 * Results are read one by one (tolerant.ts): a bad item is left out and counted in `skipped`, which
 * adds up when a parsed page is checked again (the IPC reply is), instead of failing the page.
 */
export function paged<T extends z.ZodType>(item: T) {
  return z
    .looseObject({
      page: pageNumber,
      results: resultsOf(z.unknown()),
      total_pages: int,
      total_results: int,
      skipped: int.nonnegative().optional(),
    })
    .transform((envelope) => {
      const read = readItems(item, envelope.results);
      const skipped = (envelope.skipped ?? 0) + read.skipped;
      // A clean page stays exactly as TMDB sent it: no `skipped` key at all.
      return skipped > 0
        ? { ...envelope, results: read.items, skipped }
        : { ...envelope, results: read.items };
    });
}

/** A page of `T`, as parsed. */
export type Paged<T> = {
  page: number;
  results: T[];
  total_pages: number;
  total_results: number;
  /** How many results could not be read and were left out. */
  skipped?: number;
};
