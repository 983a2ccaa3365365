import { z } from 'zod';
import { gender, imagePath, isoDate, tmdbId } from './fields';
import { byMediaType } from './mediaUnion';
import { searchedMovie } from './movie';
import { searchedTv } from './tv';

/** A title a person is known for: always carries `media_type` (the seed). */
export const knownForItem = byMediaType([searchedMovie, searchedTv]);
export type KnownForItem = z.infer<typeof knownForItem>;

const personSummaryFields = {
  adult: z.boolean(),
  gender,
  id: tmdbId,
  known_for: z.array(knownForItem),
  known_for_department: z.string(),
  name: z.string(),
  /** Absent in popular-people responses recorded before TMDB added it. */
  original_name: z.string().optional(),
  popularity: z.number(),
  profile_path: imagePath,
};

/** A person in popular people and multi search; `media_type` only in multi search. */
export const personSummary = z.looseObject({
  ...personSummaryFields,
  media_type: z.literal('person').optional(),
});
export type PersonSummary = z.infer<typeof personSummary>;

/** A person summary that must say `media_type: "person"` (multi search, trending people). */
export const typedPersonSummary = z.looseObject({
  ...personSummaryFields,
  media_type: z.literal('person'),
});
export type TypedPersonSummary = z.infer<typeof typedPersonSummary>;

/** A person in multi search results: older items omit `adult`, `gender` and the department. */
export const searchedPerson = typedPersonSummary.extend({
  adult: z.boolean().optional(),
  gender: gender.optional(),
  known_for_department: z.string().optional(),
});
export type SearchedPerson = z.infer<typeof searchedPerson>;

/** Fields of a person's own page (the seed's "person detail", e.g. the newest person). */
export const personDetailFields = {
  adult: z.boolean(),
  also_known_as: z.array(z.string()),
  biography: z.string(),
  birthday: isoDate.nullable(),
  deathday: isoDate.nullable(),
  gender,
  homepage: z.string().nullable(),
  id: tmdbId,
  imdb_id: z.string().nullable(),
  /** null for a person with no credits yet (seen on the newest person). */
  known_for_department: z.string().nullable(),
  name: z.string(),
  place_of_birth: z.string().nullable(),
  popularity: z.number(),
  profile_path: imagePath,
};

/** Person detail (GET /3/person/latest). */
export const personDetail = z.looseObject(personDetailFields);
export type PersonDetail = z.infer<typeof personDetail>;
