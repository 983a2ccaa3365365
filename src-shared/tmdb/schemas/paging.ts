import { z } from 'zod';
import { int, pageNumber, resultsOf } from './fields';

/**
 * TMDB's paged list envelope: `{ page, results, total_pages, total_results }`. `page` and `results`
 * identify a page and are required; the totals are present on every real paged response we hold.
 */
export function paged<T extends z.ZodType>(item: T) {
  return z.looseObject({
    page: pageNumber,
    results: resultsOf(item),
    total_pages: int,
    total_results: int,
  });
}

/** A page of `T`, as parsed. */
export type Paged<T> = {
  page: number;
  results: T[];
  total_pages: number;
  total_results: number;
};
