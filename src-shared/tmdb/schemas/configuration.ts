import { z } from 'zod';

/**
 * GET /3/configuration. An image URL is `secure_base_url` + a size from the matching list +
 * the image's `file_path`.
 */
export const imageConfiguration = z.looseObject({
  base_url: z.string(),
  secure_base_url: z.string(),
  backdrop_sizes: z.array(z.string()),
  logo_sizes: z.array(z.string()),
  poster_sizes: z.array(z.string()),
  profile_sizes: z.array(z.string()),
  still_sizes: z.array(z.string()),
});
export type ImageConfiguration = z.infer<typeof imageConfiguration>;

export const configuration = z.looseObject({
  images: imageConfiguration,
  change_keys: z.array(z.string()),
});
export type Configuration = z.infer<typeof configuration>;
