import { z } from 'zod';
import { imagePath, int, tmdbId } from './fields';
import { listedMovie } from './movie';
import { paged } from './paging';
import { statusResponse } from './status';

/** A list id: numeric today; lists made before 2018 have 24-character hex ids. */
export const listId = z.union([tmdbId, z.string().min(1)]);

/** A movie on a v3 list (v3 lists hold films only); `media_type` is sent by newer responses. */
export const listItem = listedMovie;
export type ListItem = z.infer<typeof listItem>;

/** GET /3/list/{list_id}. The paging fields appear only on newer responses. */
export const listDetails = z.looseObject({
  created_by: z.string(),
  description: z.string(),
  favorite_count: int,
  id: listId,
  iso_639_1: z.string(),
  item_count: int,
  items: z.array(listItem),
  name: z.string(),
  poster_path: imagePath,
  page: int.optional(),
  total_pages: int.optional(),
  total_results: int.optional(),
});
export type ListDetails = z.infer<typeof listDetails>;

/** A list in GET /3/account/{account_id}/lists. */
export const listSummary = z.looseObject({
  description: z.string(),
  favorite_count: int,
  id: tmdbId,
  item_count: int,
  iso_639_1: z.string(),
  list_type: z.string(),
  name: z.string(),
  poster_path: imagePath,
});
export type ListSummary = z.infer<typeof listSummary>;
export const listSummaryPage = paged(listSummary);

/** GET /3/list/{list_id}/item_status. */
export const listItemStatus = z.looseObject({
  id: listId,
  item_present: z.boolean(),
});
export type ListItemStatus = z.infer<typeof listItemStatus>;

/** POST /3/list answers with a status response plus the new list's id. */
export const listCreated = statusResponse.extend({ list_id: tmdbId });
export type ListCreated = z.infer<typeof listCreated>;

/** Request bodies. */
export const createListBody = z.object({
  name: z.string().trim().min(1, 'a list needs a name'),
  description: z.string().optional(),
  language: z.string().optional(),
});
export type CreateListBody = z.infer<typeof createListBody>;
export const listItemBody = z.object({ media_id: z.number().int().positive() });
export type ListItemBody = z.infer<typeof listItemBody>;
