import { z } from 'zod';
import { int, stringId } from './fields';
import { episodeFields } from './episode';
import { byMediaType } from './mediaUnion';
import { movieSummary } from './movie';
import { paged } from './paging';
import { tvSummary } from './tv';

const imageFields = {
  aspect_ratio: z.number(),
  file_path: z.string(),
  height: int,
  width: int,
  id: stringId,
  /** e.g. `still`, `poster`, `backdrop`. */
  image_type: z.string(),
  iso_639_1: z.string().nullable(),
  vote_average: z.number(),
  vote_count: int,
};

/** An episode a person is tagged in (`media_type: "tv_episode"` on the embedded media). */
export const taggedEpisode = z.looseObject({
  ...episodeFields,
  /** Absent on images tagged before TMDB added episode types. */
  episode_type: z.string().optional(),
  media_type: z.literal('tv_episode'),
});
export type TaggedEpisode = z.infer<typeof taggedEpisode>;

/**
 * An image a person is tagged in. The image's own `media_type` says what `media` is: a film, an
 * episode, or (in real responses, beyond the seed) a series. The media's own `media_type` is
 * missing in older responses, so it is optional there.
 */
export const taggedImage = byMediaType([
  z.looseObject({ ...imageFields, media_type: z.literal('movie'), media: movieSummary }),
  z.looseObject({ ...imageFields, media_type: z.literal('episode'), media: taggedEpisode }),
  z.looseObject({ ...imageFields, media_type: z.literal('tv'), media: tvSummary }),
]);
export type TaggedImage = z.infer<typeof taggedImage>;

/** GET /3/person/{person_id}/tagged_images: a page of images plus the person's `id`. */
export const taggedImagesPage = paged(taggedImage).refine(
  (page) => 'id' in page && Number.isInteger(page.id),
  {
    message: 'missing required field "id"',
    path: ['id'],
  },
);
export type TaggedImagesPage = z.infer<typeof taggedImagesPage>;
