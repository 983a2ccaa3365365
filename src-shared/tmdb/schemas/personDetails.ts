import { z } from 'zod';
import { tolerantArray } from './tolerant';
import { personImages } from './images';
import { byMediaType } from './mediaUnion';
import { movieSummaryFields } from './movie';
import { personDetailFields } from './person';
import { tvSummaryFields } from './tv';

/**
 * A person's credit in `combined_credits`: a film or series summary (told apart by `media_type`)
 * plus the role. Cast credits carry `character`, crew credits `department` and `job`.
 */
const role = {
  credit_id: z.string(),
  character: z.string().optional(),
  department: z.string().optional(),
  job: z.string().optional(),
};

export const personCredit = byMediaType([
  z.looseObject({ ...movieSummaryFields, ...role, media_type: z.literal('movie') }),
  z.looseObject({ ...tvSummaryFields, ...role, media_type: z.literal('tv') }),
]);
export type PersonCredit = z.infer<typeof personCredit>;

export const combinedCredits = z.looseObject({
  cast: tolerantArray(personCredit),
  crew: tolerantArray(personCredit),
});
export type CombinedCredits = z.infer<typeof combinedCredits>;

/** GET /3/person/{person_id}, with `combined_credits` and `images` when appended. */
export const personDetails = z.looseObject({
  ...personDetailFields,
  combined_credits: combinedCredits.optional(),
  images: personImages.optional(),
});
export type PersonDetails = z.infer<typeof personDetails>;
